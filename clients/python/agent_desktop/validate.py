"""A JSON Schema validator for the keywords the contract's schemas use (standard library only).

Keywords: $ref (to #/$defs/...), type, const, enum, properties, required, additionalProperties, items, anyOf, oneOf,
allOf, not, if/then/else, minimum, maximum, exclusiveMinimum, exclusiveMaximum, minLength, maxLength, pattern,
minItems, maxItems. Annotations (description, title, default, contentEncoding, discriminator) are ignored. An
unknown assertion keyword raises, so a schema this validator cannot judge is never passed silently.
"""
import re
from typing import Any

_ANNOTATIONS = {"$schema", "$id", "$comment", "title", "description", "default", "examples", "contentEncoding",
                "contentMediaType", "discriminator", "$defs", "readOnly", "writeOnly", "deprecated", "format"}
_KNOWN = {"$ref", "type", "const", "enum", "properties", "required", "additionalProperties", "items", "anyOf", "oneOf",
          "allOf", "not", "if", "then", "else", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength",
          "maxLength", "pattern", "minItems", "maxItems"} | _ANNOTATIONS
_patterns: dict = {}


def _is_type(value: Any, kind: str) -> bool:
    if kind == "object":
        return isinstance(value, dict)
    if kind == "array":
        return isinstance(value, list)
    if kind == "string":
        return isinstance(value, str)
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "null":
        return value is None
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool) or isinstance(value, float) and value.is_integer()
    if kind == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    raise ValueError(f"unknown JSON Schema type {kind!r}")


def _equal(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    return a == b


def errors(instance: Any, schema: Any, root: dict, path: str = "") -> list:
    """Every way `instance` fails `schema` (resolved against `root`), each as "<json pointer>: <reason>"."""
    if schema is True or schema == {}:
        return []
    if schema is False:
        return [f"{path or '/'}: no value is allowed here"]
    unknown = set(schema) - _KNOWN
    if unknown:
        raise ValueError(f"unsupported JSON Schema keywords at {path or '/'}: {sorted(unknown)}")
    out: list = []
    at = path or "/"
    if "$ref" in schema:
        ref = schema["$ref"]
        if not ref.startswith("#/$defs/"):
            raise ValueError(f"unsupported $ref {ref}")
        out += errors(instance, root["$defs"][ref[len("#/$defs/"):]], root, path)
    if "type" in schema:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_is_type(instance, kind) for kind in kinds):
            return out + [f"{at}: expected {' or '.join(kinds)}"]
    if "const" in schema and not _equal(instance, schema["const"]):
        out.append(f"{at}: must be {schema['const']!r}")
    if "enum" in schema and not any(_equal(instance, option) for option in schema["enum"]):
        out.append(f"{at}: must be one of {schema['enum']!r}")
    if isinstance(instance, dict):
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in instance:
                out.append(f"{at}: missing required {key!r}")
        for key, value in instance.items():
            if key in props:
                out += errors(value, props[key], root, f"{path}/{key}")
            elif "additionalProperties" in schema:
                extra = schema["additionalProperties"]
                if extra is False:
                    out.append(f"{at}: unexpected property {key!r}")
                elif isinstance(extra, dict):
                    out += errors(value, extra, root, f"{path}/{key}")
    if isinstance(instance, list):
        if "items" in schema:
            for index, item in enumerate(instance):
                out += errors(item, schema["items"], root, f"{path}/{index}")
        if "minItems" in schema and len(instance) < schema["minItems"]:
            out.append(f"{at}: at least {schema['minItems']} items")
        if "maxItems" in schema and len(instance) > schema["maxItems"]:
            out.append(f"{at}: at most {schema['maxItems']} items")
    if isinstance(instance, str):
        if "minLength" in schema and len(instance) < schema["minLength"]:
            out.append(f"{at}: at least {schema['minLength']} characters")
        if "maxLength" in schema and len(instance) > schema["maxLength"]:
            out.append(f"{at}: at most {schema['maxLength']} characters")
        if "pattern" in schema:
            pattern = _patterns.setdefault(schema["pattern"], re.compile(schema["pattern"]))
            if not pattern.search(instance):
                out.append(f"{at}: does not match {schema['pattern']}")
    if isinstance(instance, (int, float)) and not isinstance(instance, bool):
        if "minimum" in schema and instance < schema["minimum"]:
            out.append(f"{at}: below the minimum {schema['minimum']}")
        if "maximum" in schema and instance > schema["maximum"]:
            out.append(f"{at}: above the maximum {schema['maximum']}")
        if "exclusiveMinimum" in schema and instance <= schema["exclusiveMinimum"]:
            out.append(f"{at}: must be above {schema['exclusiveMinimum']}")
        if "exclusiveMaximum" in schema and instance >= schema["exclusiveMaximum"]:
            out.append(f"{at}: must be below {schema['exclusiveMaximum']}")
    for sub in schema.get("allOf", []):
        out += errors(instance, sub, root, path)
    if "anyOf" in schema:
        branches = [errors(instance, sub, root, path) for sub in schema["anyOf"]]
        if all(branches):
            out.append(f"{at}: fits none of {len(branches)} alternatives ({_closest(branches)})")
    if "oneOf" in schema:
        branches = [errors(instance, sub, root, path) for sub in schema["oneOf"]]
        fitting = sum(1 for branch in branches if not branch)
        if fitting == 0:
            out.append(f"{at}: fits none of {len(branches)} variants ({_closest(branches)})")
        elif fitting > 1:
            out.append(f"{at}: fits {fitting} variants, exactly one expected")
    if "not" in schema and not errors(instance, schema["not"], root, path):
        out.append(f"{at}: matches a shape that is not allowed here")
    if "if" in schema:
        if not errors(instance, schema["if"], root, path):
            if "then" in schema:
                out += errors(instance, schema["then"], root, path)
        elif "else" in schema:
            out += errors(instance, schema["else"], root, path)
    return out


def _closest(branches: list) -> str:
    """The problems of the variant the value most nearly is: fewest failed constants (discriminators such as
    `command` or `kind`), then fewest problems."""
    best = min(branches, key=lambda branch: (sum(1 for problem in branch if ": must be " in problem), len(branch)))
    return "; ".join(best[:3])


__all__ = ["errors"]
