"""Checks of an envelope: structural (the generated TypedDicts: required keys, types, literals, unions) and full (the
contract's JSON Schema, embedded in the generated module: nested shapes, closed objects, patterns, minimums, the
command -> data rules and the disposition pairing)."""
import json
import typing
from typing import Any, ForwardRef, Literal, Union, get_args, get_origin, get_type_hints

from . import generated
from .generated import DATA_TYPES, SCHEMA_JSON, STRICT_SCHEMA_JSON
from .validate import errors

_hints_cache: dict = {}


def _resolve(tp: Any) -> Any:
    if isinstance(tp, ForwardRef):
        return getattr(generated, tp.__forward_arg__)
    if isinstance(tp, str):
        return getattr(generated, tp)
    return tp


def _hints(tp: Any) -> dict:
    if tp not in _hints_cache:
        _hints_cache[tp] = get_type_hints(tp, globalns=vars(generated))
    return _hints_cache[tp]


def matches(value: Any, tp: Any) -> bool:
    tp = _resolve(tp)
    if tp is Any:
        return True
    origin = get_origin(tp)
    if origin is Union:
        return any(matches(value, arg) for arg in get_args(tp))
    if origin is Literal:
        return any(value == arg and type(value) is type(arg) for arg in get_args(tp))
    if origin is list:
        (item,) = get_args(tp) or (Any,)
        return isinstance(value, list) and all(matches(entry, item) for entry in value)
    if origin is dict:
        return isinstance(value, dict)
    if typing.is_typeddict(tp):
        if not isinstance(value, dict) or not tp.__required_keys__ <= value.keys():
            return False
        hints = _hints(tp)
        return all(matches(value[key], hints[key]) for key in value if key in hints)
    if tp is type(None) or tp is None:
        return value is None
    if tp is bool:
        return isinstance(value, bool)
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if tp is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if tp is str:
        return isinstance(value, str)
    return True


_schemas: dict = {}


def schema_problems(envelope: Any, strict: bool = False) -> list:
    """Every way the envelope fails the contract's JSON Schema (strict: every object closed, known commands only)."""
    if strict not in _schemas:
        _schemas[strict] = json.loads(STRICT_SCHEMA_JSON if strict else SCHEMA_JSON)
    schema = _schemas[strict]
    return errors(envelope, schema, schema)


def check_envelope(envelope: Any, strict: bool = False) -> list:
    """Problems with an envelope of the generated contract version (empty when it fits the types and the schema)."""
    return _structural_problems(envelope) + [problem for problem in schema_problems(envelope, strict)]


def _structural_problems(envelope: Any) -> list:
    if not isinstance(envelope, dict):
        return ["not an object"]
    problems = []
    if envelope.get("version") != generated.CONTRACT_VERSION:
        problems.append(f"version {envelope.get('version')!r} is not {generated.CONTRACT_VERSION}")
    if envelope.get("ok") is True:
        data_type = DATA_TYPES.get(envelope.get("command"))
        if "data" not in envelope or "error" in envelope:
            problems.append("a success has data and no error")
        elif data_type is not None and not matches(envelope["data"], data_type):
            problems.append(f"data does not fit {envelope.get('command')}'s type")
    elif envelope.get("ok") is False:
        if "error" not in envelope or "data" in envelope or not matches(envelope["error"], "ErrorBody"):
            problems.append("an error has an ErrorBody and no data")
    else:
        problems.append("ok is not a boolean")
    return problems


__all__ = ["check_envelope", "matches", "schema_problems"]
