#!/usr/bin/env python3
"""Generates agentdesktop/generated.go from the committed contract files (standard library only).

Named $defs of contracts/schemas/<version>/envelope.schema.json become Go structs (a field is a value when the
schema requires it, else a pointer, slice or map); a union becomes one struct per variant (or the referenced type)
and a holder whose UnmarshalJSON picks the variant that fits (required keys, constants, forbidden keys);
contracts/schemas/commands.json gives each command's argument spelling. Usage: python3 generate.py [--check]
"""
import json
import pathlib
import re
import shutil
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
CONTRACTS = HERE.parent.parent / "contracts"
VERSION = "2.7"
TARGET = HERE / "agentdesktop" / "generated.go"
# Written by hand in client.go because FollowRecovery reads them: the union of the error variants as one struct.
HAND_WRITTEN = {"ErrorBody", "Recovery", "RecoveryWithoutDelay", "Disposition"}


def go_name(name):
    parts = re.split(r"[^A-Za-z0-9]+", name)
    out = "".join(part[:1].upper() + part[1:] for part in parts if part)
    out = re.sub(r"Id\b", "ID", out)
    return out if out and out[0].isalpha() else "X" + out


class Gen:
    def __init__(self, envelope):
        self.defs = envelope["$defs"]
        self.structs = {}
        self.taken = set()
        self.unions = {}
        self.nested = []
        self.current = ""

    def deref(self, schema):
        seen = set()
        while isinstance(schema, dict) and "$ref" in schema and len(schema) == 1:
            name = schema["$ref"].split("/")[-1]
            if name in seen:
                break
            seen.add(name)
            schema = self.defs.get(name, {})
        return schema

    def object_variants(self, schema):
        """The object schemas a def stands for: itself, or each (resolved) variant of its anyOf/oneOf."""
        schema = self.deref(schema)
        if not isinstance(schema, dict):
            return None
        if schema.get("type") == "object" and schema.get("properties"):
            return [schema]
        variants = schema.get("anyOf") or schema.get("oneOf")
        if variants:
            out = []
            for variant in variants:
                resolved = self.object_variants(variant)
                if resolved is None:
                    return None
                out += resolved
            return out
        return None

    def union(self, name):
        """A def that is a union: [(variant name, schema or None, referenced def or None)], or None when it is not a
        union of objects (or of references to objects and unions)."""
        if name not in self.unions:
            self.unions[name] = self.compute_union(name)
        return self.unions[name]

    def compute_union(self, name):
        schema = self.defs[name]
        variants = schema.get("anyOf") or schema.get("oneOf")
        if not variants or len(variants) < 2:
            return None
        parts = []
        for variant in variants:
            if isinstance(variant, dict) and set(variant) == {"$ref"}:
                ref = variant["$ref"].split("/")[-1]
                if self.object_variants(self.defs.get(ref, {})) is None:
                    return None
                parts.append((go_name(ref), None, ref))
            elif isinstance(variant, dict) and variant.get("type") == "object" and variant.get("properties"):
                parts.append((None, variant, None))
            else:
                return None
        inline = [schema for _, schema, _ in parts if schema is not None]
        names = [self.variant_name(name, schema, inline, index) for index, schema in enumerate(inline, start=1)]
        named = iter(names)
        return [(n if n is not None else next(named), schema, ref) for n, schema, ref in parts]

    def variant_name(self, union, schema, siblings, index):
        """A readable name for an inline variant: its string constant on a key every variant fixes, else a required
        key no sibling requires, else its boolean constant, else its index."""
        consts = {k: p["const"] for k, p in schema.get("properties", {}).items() if isinstance(p, dict) and "const" in p}
        for key, value in consts.items():
            if isinstance(value, str) and all(isinstance(s.get("properties", {}).get(key), dict) and "const" in s["properties"][key] for s in siblings):
                values = [s["properties"][key]["const"] for s in siblings]
                if len(set(map(json.dumps, values))) == len(values):
                    return self.unique(union + go_name(value))
        others = [set(s.get("required", [])) for s in siblings if s is not schema]
        for key in schema.get("required", []):
            if not any(key in other for other in others):
                return self.unique(union + go_name(key))
        for key, value in consts.items():
            if value is True:
                return self.unique(union + go_name(key))
        return self.unique(f"{union}Variant{index}")

    def unique(self, name):
        # A numbered suffix: Go names are made with go_name, which drops underscores.
        base, n = name, 1
        while name in self.defs or name in self.taken:
            n += 1
            name = f"{base}{n}"
        self.taken.add(name)
        return name

    def rule(self, schema):
        """Go literal fields of a variant rule: required keys, constants (compact JSON) and forbidden keys."""
        required = schema.get("required", [])
        consts = {k: json.dumps(p["const"], separators=(",", ":")) for k, p in schema.get("properties", {}).items()
                  if isinstance(p, dict) and "const" in p}
        forbidden = [k for k, p in schema.get("properties", {}).items() if p == {"not": {}}]
        out = []
        if required:
            out.append("required: []string{" + ", ".join(json.dumps(k) for k in required) + "}")
        if consts:
            out.append("consts: map[string]string{" + ", ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in consts.items()) + "}")
        if forbidden:
            out.append("forbidden: []string{" + ", ".join(json.dumps(k) for k in forbidden) + "}")
        return out

    def union_code(self, name, parts):
        type_name = go_name(name)
        listed = ", ".join(f"*{variant}" for variant, _, _ in parts)
        lines = []
        for variant, schema, _ in parts:
            if schema is not None:
                lines.append(self.struct(variant, [schema]).replace(f"// {variant} is generated from $defs/{variant}.",
                                                                    f"// {variant} is one variant of {type_name} (generated from $defs/{name}).", 1))
                lines.append("")
        lines += [
            f"// {type_name} is generated from $defs/{name}: one of {listed}, held in Value.",
            f"type {type_name} struct {{",
            "\tValue any",
            "}",
            "",
            f"// UnmarshalJSON decodes the variant of {type_name} that fits (required keys, constants, forbidden keys).",
            f"func (u *{type_name}) UnmarshalJSON(raw []byte) error {{",
            f"\tvalue, err := pickVariant({json.dumps(type_name)}, raw, []variant{{",
        ]
        for variant, schema, ref in parts:
            fields = [f"name: {json.dumps(variant)}"]
            if schema is not None:
                fields += self.rule(schema)
            elif self.union(ref) is None:
                fields += self.rule(self.deref(self.defs[ref]))
            fields.append(f"decode: decodeAs[{variant}]")
            lines.append("\t\t{" + ", ".join(fields) + "},")
        lines += [
            "\t})",
            "\tif err != nil {",
            "\t\treturn err",
            "\t}",
            "\tu.Value = value",
            "\treturn nil",
            "}",
            "",
            f"// MarshalJSON encodes the variant {type_name} holds.",
            f"func (u {type_name}) MarshalJSON() ([]byte, error) {{",
            "\treturn json.Marshal(u.Value)",
            "}",
        ]
        return "\n".join(lines)

    def go_type(self, schema, context=None):
        """The Go type of a schema. With a context (the name a nested struct would get: parent + field), an inline
        object with known properties that admits no others becomes a struct of its own (in self.nested)."""
        if not isinstance(schema, dict) or schema == {}:
            return "json.RawMessage"
        if (context is not None and schema.get("type") == "object" and schema.get("properties")
                and schema.get("additionalProperties") is not True and not (schema.get("anyOf") or schema.get("oneOf"))):
            name = self.unique(context)
            self.nested.append(self.struct(name, [schema], f"// {name} is generated from an inline object of $defs/{self.current}."))
            return name
        if "$ref" in schema:
            name = schema["$ref"].split("/")[-1]
            target = self.defs.get(name, {})
            if self.object_variants(target) is not None:
                return go_name(name)
            return self.go_type(target)
        if "const" in schema:
            return {str: "string", bool: "bool", int: "int64", float: "float64"}.get(type(schema["const"]), "json.RawMessage")
        if "enum" in schema:
            return "string" if all(isinstance(v, str) for v in schema["enum"]) else "json.RawMessage"
        variants = schema.get("anyOf") or schema.get("oneOf")
        if variants:
            kinds = {self.go_type(v) for v in variants if not (isinstance(v, dict) and v.get("type") == "null")}
            nullable = any(isinstance(v, dict) and v.get("type") == "null" for v in variants)
            if len(kinds) == 1:
                kind = kinds.pop()
                return ("*" + kind) if nullable and not kind.startswith(("*", "[]", "map", "json")) else kind
            return "json.RawMessage"
        kind = schema.get("type")
        if isinstance(kind, list):
            return "json.RawMessage"
        return {
            "string": "string",
            "integer": "int64",
            "number": "float64",
            "boolean": "bool",
            "array": "[]" + self.go_type(schema.get("items", {}), None if context is None else context + "Item"),
            "object": "map[string]json.RawMessage",
        }.get(kind, "json.RawMessage")

    def struct(self, name, variants, comment=None):
        fields = {}
        required_everywhere = None
        for variant in variants:
            required = set(variant.get("required", []))
            required_everywhere = required if required_everywhere is None else required_everywhere & required
            for prop, sub in variant.get("properties", {}).items():
                if isinstance(sub, dict) and sub.get("not") == {}:
                    continue
                kind = self.go_type(sub, go_name(name) + go_name(prop) if len(variants) == 1 else None)
                if prop in fields and fields[prop] != kind:
                    fields[prop] = "json.RawMessage"
                else:
                    fields.setdefault(prop, kind)
        required_everywhere = required_everywhere or set()
        lines = [comment or f"// {name} is generated from $defs/{name}.", f"type {go_name(name)} struct {{"]
        used = set()
        for prop, kind in fields.items():
            field = go_name(prop)
            while field in used:
                field += "_"
            used.add(field)
            if prop in required_everywhere:
                lines.append(f'\t{field} {kind} `json:"{prop}"`')
            else:
                optional = kind if kind.startswith(("*", "[]", "map", "json")) else "*" + kind
                lines.append(f'\t{field} {optional} `json:"{prop},omitempty"`')
        lines.append("}")
        return "\n".join(lines)


def render():
    envelope = json.loads((CONTRACTS / "schemas" / VERSION / "envelope.schema.json").read_text())
    manifest = json.loads((CONTRACTS / "schemas" / "commands.json").read_text())
    gen = Gen(envelope)
    out = [
        f"// Code generated by clients/go/generate.py from contracts/schemas/{VERSION}/envelope.schema.json and",
        "// contracts/schemas/commands.json. DO NOT EDIT.",
        "",
        "package agentdesktop",
        "",
        'import "encoding/json"',
        "",
        f'// ContractVersion is the contract version these types describe.\nconst ContractVersion = "{VERSION}"',
        "",
    ]
    for name in sorted(gen.defs):
        variants = gen.object_variants(gen.defs[name])
        if variants is None or name.endswith("Envelope") or name in HAND_WRITTEN:
            continue
        parts = gen.union(name)
        gen.current = name
        gen.nested = []
        out.append(gen.union_code(name, parts) if parts is not None else gen.struct(name, variants))
        out.append("")
        for nested in gen.nested:
            out.append(nested)
            out.append("")
    commands = [rule["if"]["properties"]["command"]["const"] for rule in envelope["then"]["allOf"]]
    out.append("// NewData returns a pointer to a zero value of a command's data type (nil for a command without one).")
    out.append("func NewData(command string) any {")
    out.append("\tswitch command {")
    for command in commands:
        data_name = go_name(command) + "Data"
        if data_name in gen.defs and gen.object_variants(gen.defs[data_name]) is not None:
            out.append(f'\tcase "{command}":\n\t\treturn &{data_name}{{}}')
        else:
            ref = gen.defs.get(data_name)
            kind = gen.go_type(ref) if ref is not None else "json.RawMessage"
            out.append(f'\tcase "{command}":\n\t\tvar v {kind}\n\t\treturn &v')
    out.append("\t}\n\treturn nil\n}")
    out.append("")
    out.append("// argvSpec: how each argument of each command is written on the command line (from the command spec).")
    out.append("var argvSpec = map[string]commandArgv{")
    for name, spec in manifest["commands"].items():
        positionals = ", ".join(json.dumps(p["key"]) for p in spec["positionals"])
        flags = ", ".join(f'{json.dumps(flag.replace("-", "_"))}: {{{json.dumps(flag)}, {json.dumps(f["syntax"])}}}' for flag, f in spec["flags"].items())
        out.append(f'\t{json.dumps(name)}: {{positionals: []string{{{positionals}}}, flags: map[string]flagSpec{{{flags}}}}},')
    out.append("}")
    out.append("")
    glob = ", ".join(f'{json.dumps(flag.replace("-", "_"))}: {{{json.dumps(flag)}, {json.dumps(f["syntax"])}}}' for flag, f in manifest["globalFlags"].items() if flag != "contract")
    out.append(f"var globalArgv = map[string]flagSpec{{{glob}}}")
    out.append("")
    return "\n".join(out)


def formatted(text):
    """gofmt's layout when gofmt is installed (it comes with golang-go), so the committed file is idiomatic Go."""
    gofmt = shutil.which("gofmt")
    if gofmt is None:
        return text
    result = subprocess.run([gofmt], input=text, capture_output=True, text=True, check=True)
    return result.stdout


def main():
    text = formatted(render())
    current = TARGET.read_text() if TARGET.exists() else ""
    if "--check" in sys.argv:
        if current != text:
            sys.stderr.write("clients/go: agentdesktop/generated.go is stale (python3 generate.py, then gofmt)\n")
            return 1
        return 0
    TARGET.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
