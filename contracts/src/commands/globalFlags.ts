import { CONTRACT_VERSIONS, LATEST_CONTRACT_VERSION } from "../vocabulary/ContractVersion.js"
import { bool, flag, ID_PATTERN, int, str } from "./args.js"
import type { FlagSpec } from "./CommandSpec.js"

/** Flags every command takes, before or after the command name. */
export const GLOBAL_FLAGS = {
  verbose: flag(bool("Debug log on stderr"), { short: "v" }),
  headed: flag(bool("Permit physical input and focus/cursor side effects (default: strictly headless)")),
  session: flag(str("Session id (snapshot namespace, trace); overrides AGENT_DESKTOP_SESSION", { pattern: ID_PATTERN })),
  "agent-id": flag(str("Sub-agent id within --session; overrides AGENT_DESKTOP_AGENT_ID", { pattern: ID_PATTERN })),
  trace: flag(str("Append trace JSONL to this file", { maxLength: 4096 })),
  "trace-strict": flag(bool("Fail when the trace cannot be written before the action")),
  "auto-recover": flag(bool("On a failure whose retry is safe, run its recovery once (fresh snapshot, re-find the element, retry)")),
  "wait-for": flag(str("After the action, poll until role:text is present; returns a snapshot", { maxLength: 1024 }), { short: "w" }),
  "wait-for-gone": flag(str("After the action, poll until role:text is absent", { maxLength: 1024 })),
  "wait-timeout": flag(int("Budget of --wait-for / --wait-for-gone in ms", { default: 30000 })),
  contract: flag(str(`Contract version of the envelope (${CONTRACT_VERSIONS.join(", ")}); overrides AGENT_DESKTOP_CONTRACT`, { default: LATEST_CONTRACT_VERSION, maxLength: 16 }))
} as const satisfies Readonly<Record<string, FlagSpec>>
