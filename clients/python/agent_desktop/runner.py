"""A subprocess runner for the agent-desktop CLI: one call = one process = one envelope (standard library only)."""
import json
import os
import subprocess
import time
from typing import Any, Callable, Optional

from .check import check_envelope
from .generated import ARGV, CONTRACT_VERSION, GLOBAL_ARGV


class ClientError(Exception):
    """The CLI did not answer with exactly one JSON envelope."""

    def __init__(self, message: str, stdout: str, stderr: str):
        super().__init__(message)
        self.stdout = stdout
        self.stderr = stderr


def _flag_args(spec: Optional[list], value: Any) -> list:
    if spec is None or value is None or value is False:
        return []
    flag, syntax = spec
    if syntax == "switch":
        return [f"--{flag}"]
    if syntax == "list":
        return [f"--{flag}={item}" for item in value]
    if syntax == "xy":
        return [f"--{flag}={value['x']},{value['y']}"]
    return [f"--{flag}={value}"]


def argv_for(contract: str, command: str, args: dict, globals_: Optional[dict] = None) -> list:
    """The command line for one call: contract and global flags, the command, its flags, then -- and positionals."""
    if command not in ARGV:
        raise ValueError(f"unknown command {command}")
    spec = ARGV[command]
    unknown = [key for key in args if key not in spec["positionals"] and key not in spec["flags"]]
    if unknown:
        raise ValueError(f"{command} takes no argument {', '.join(unknown)}")
    positionals = [str(args[key]) for key in spec["positionals"] if args.get(key) is not None]
    out = ["--contract", contract]
    for key, value in (globals_ or {}).items():
        out += _flag_args(GLOBAL_ARGV.get(key), value)
    out.append(command)
    for key, flag in spec["flags"].items():
        out += _flag_args(flag, args.get(key))
    if positionals:
        out += ["--", *positionals]
    return out


class InvalidEnvelope(ClientError):
    """The CLI answered with an envelope that does not fit the contract's schema (`problems` says where)."""

    def __init__(self, message: str, stdout: str, stderr: str, problems: list):
        super().__init__(message, stdout, stderr)
        self.problems = problems


class AgentDesktop:
    """Runs commands with a pinned contract version (--contract) and returns the envelope as a dict.

    With the generated version pinned (2.7), every envelope is validated against the contract's schema before it is
    returned (`validate`: "consumer" (default; unknown fields allowed), "strict" (every object closed) or None);
    one that does not fit raises InvalidEnvelope naming the JSON paths.
    """

    def __init__(self, contract: str = "2.7", command: Optional[list] = None, env: Optional[dict] = None, globals_: Optional[dict] = None,
                 validate: Optional[str] = "consumer"):
        if validate not in ("consumer", "strict", None):
            raise ValueError("validate is 'consumer', 'strict' or None")
        self.contract = contract
        self.command = command or ["agent-desktop"]
        self.env = env
        self.globals = globals_ or {}
        self.validate = validate if contract == CONTRACT_VERSION else None

    def run(self, command: str, **args: Any) -> dict:
        argv = [*self.command, *argv_for(self.contract, command, args, self.globals)]
        env = dict(os.environ)
        for key, value in (self.env or {}).items():
            if value is None:
                env.pop(key, None)
            else:
                env[key] = value
        result = subprocess.run(argv, capture_output=True, text=True, env=env, check=False)
        lines = [line for line in result.stdout.split("\n") if line]
        if result.returncode not in (0, 1, 2) or len(lines) != 1:
            raise ClientError(f"agent-desktop {command} gave no envelope (exit {result.returncode})", result.stdout, result.stderr)
        try:
            envelope = json.loads(lines[0])
        except json.JSONDecodeError as cause:
            raise ClientError(f"agent-desktop {command} printed something that is not JSON: {cause}", result.stdout, result.stderr) from cause
        if self.validate is not None:
            problems = check_envelope(envelope, strict=self.validate == "strict")
            if problems:
                raise InvalidEnvelope(f"agent-desktop {command}: the envelope does not fit contract {self.contract}: {'; '.join(problems[:3])}",
                                      result.stdout, result.stderr, problems)
        return envelope


def follow_recovery(client: AgentDesktop, command: str, args: dict, refresh: Optional[Callable[[dict], Optional[dict]]] = None,
                    max_attempts: int = 2, sleep: Callable[[float], None] = time.sleep) -> list:
    """Runs a command and follows its failure's recovery only when disposition.retry is safe. Returns every envelope."""
    attempts = []
    current = args
    while True:
        envelope = client.run(command, **current)
        attempts.append(envelope)
        error = envelope.get("error") or {}
        recovery = error.get("recovery")
        if envelope.get("ok") or error.get("disposition", {}).get("retry") != "safe" or not recovery or not recovery.get("retryable"):
            return attempts
        if len(attempts) >= max_attempts:
            return attempts
        if recovery.get("retry_after_ms") is not None:
            sleep(recovery["retry_after_ms"] / 1000)
        if recovery.get("requires_fresh_snapshot"):
            fresh = refresh(envelope) if refresh else None
            if fresh is None:
                return attempts
            current = fresh
