"""Parses agent-desktop envelopes with a quicktype-generated Python module (standard library only).

usage: python3 parse_envelopes.py MODULE_FILE ENVELOPES_NDJSON

Each envelope goes through its command's class (`<Command>Envelope.from_dict`; `ErrorEnvelope` for a failure) and
each error body through its code's class (`<Code>ErrorBody.from_dict`). What the classes write back (`to_dict`) must
be found in the input (nothing invented). A corrupted copy of each envelope must be refused, so a class that accepts
anything fails here too. Prints a JSON summary; exit 0 when every envelope parsed, 1 otherwise.
"""
import copy
import importlib.util
import json
import sys
import traceback


def pascal(name, separator):
    return "".join(part[:1].upper() + part[1:].lower() for part in name.split(separator))


def missing_from(written, original, path="$"):
    """The first path where `written` holds a value the original does not (None: nothing invented)."""
    if written is None:
        return None
    if isinstance(written, dict):
        if not isinstance(original, dict):
            return path
        for key, value in written.items():
            found = missing_from(value, original.get(key), f"{path}.{key}")
            if found is not None:
                return found
        return None
    if isinstance(written, list):
        if not isinstance(original, list) or len(written) != len(original):
            return path
        for index, (value, other) in enumerate(zip(written, original)):
            found = missing_from(value, other, f"{path}[{index}]")
            if found is not None:
                return found
        return None
    numbers = all(isinstance(value, (int, float)) and not isinstance(value, bool) for value in (written, original))
    same = written == original and (numbers or type(written) is type(original))
    return None if same else path


def refused(parse, value):
    try:
        parse(value)
    except Exception:  # quicktype's converters assert
        return True
    return False


def check(module, envelope):
    if envelope["ok"]:
        cls = getattr(module, pascal(envelope["command"], "-") + "Envelope")
    else:
        cls = module.ErrorEnvelope
    parsed = cls.from_dict(envelope)
    invented = missing_from(parsed.to_dict(), envelope)
    if invented is not None:
        return f"{cls.__name__} wrote back what the envelope does not hold at {invented}"
    corrupted = copy.deepcopy(envelope)
    corrupted["data" if envelope["ok"] else "error"] = "not an object"
    if not refused(cls.from_dict, corrupted):
        return f"{cls.__name__} accepted a corrupted envelope"
    if envelope["ok"] and envelope["command"] == "snapshot" and parsed.data.snapshot_id != envelope["data"]["snapshot_id"]:
        return "snapshot_id was not read into SnapshotData"
    if not envelope["ok"]:
        code = envelope["error"]["code"]
        body_cls = getattr(module, pascal(code, "_") + "ErrorBody")
        body = body_cls.from_dict(envelope["error"])
        if body.code.value != code:
            return f"{body_cls.__name__} read code {body.code.value}"
        invented = missing_from(body.to_dict(), envelope["error"])
        if invented is not None:
            return f"{body_cls.__name__} wrote back what the body does not hold at {invented}"
        other = "INTERNAL" if code != "INTERNAL" else "TIMEOUT"
        if not refused(body_cls.from_dict, {**envelope["error"], "code": other}):
            return f"{body_cls.__name__} accepted code {other}"
        recovery = envelope["error"].get("recovery")
        if recovery is not None and recovery.get("retry_after_ms") != getattr(body.recovery, "retry_after_ms", None):
            return "retry_after_ms was not read"
    return None


def main():
    spec = importlib.util.spec_from_file_location("generated_client", sys.argv[1])
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the module runs
    spec.loader.exec_module(module)
    failures = []
    lines = [line for line in open(sys.argv[2], encoding="utf-8").read().split("\n") if line.strip()]
    for number, line in enumerate(lines, 1):
        try:
            problem = check(module, json.loads(line))
        except Exception as error:  # a converter's assertion or a missing class
            where = traceback.extract_tb(error.__traceback__)[-1]
            problem = f"{type(error).__name__} {error} at {where.name}: {where.line}"
        if problem is not None:
            failures.append({"line": number, "error": problem})
    print(json.dumps({"parsed": len(lines) - len(failures), "failures": failures}))
    sys.exit(1 if failures else 0)


main()
