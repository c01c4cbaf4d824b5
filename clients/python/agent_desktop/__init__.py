"""A client for the agent-desktop CLI: types generated from the contract's schemas, a subprocess runner that pins
the contract version, an envelope check (structural and full JSON Schema validation) and a helper that follows recovery. Standard library only."""
from .check import check_envelope, matches, schema_problems
from .generated import ARGV, CONTRACT_VERSION, DATA_TYPES
from .runner import AgentDesktop, ClientError, InvalidEnvelope, argv_for, follow_recovery

__all__ = ["AgentDesktop", "ARGV", "ClientError", "InvalidEnvelope", "schema_problems", "CONTRACT_VERSION", "DATA_TYPES", "argv_for", "check_envelope", "follow_recovery", "matches"]
