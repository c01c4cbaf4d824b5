"""A client for the agent-desktop CLI: types generated from the contract's schemas, a subprocess runner that pins
the contract version, a structural envelope check and a helper that follows recovery. Standard library only."""
from .check import check_envelope, matches
from .generated import ARGV, CONTRACT_VERSION, DATA_TYPES
from .runner import AgentDesktop, ClientError, argv_for, follow_recovery

__all__ = ["AgentDesktop", "ARGV", "ClientError", "CONTRACT_VERSION", "DATA_TYPES", "argv_for", "check_envelope", "follow_recovery", "matches"]
