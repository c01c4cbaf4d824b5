// How one print-mode run ended, as an immutable record: AgentRun.run builds it step by step in a Ref (so a stopped
// or failed run still answers what it knew) and returns it. The caller writes its result from this value alone.
import { Cause } from "effect"
import type { PendingTaskInfo } from "./loop/AgentEvent.js"
import type { AgentState } from "./loop/AgentState.js"

/** What the init message announces, known once the agent exists. */
export interface CreatedInfo {
  readonly sessionId: string
  readonly model: string
  readonly cwd: string
  readonly permissionMode: string
  readonly tools: ReadonlyArray<string>
  readonly restored: boolean
  /** Every MCP server the run was configured with, and whether it connected (system/init's `mcp_servers`). */
  readonly mcpServers: ReadonlyArray<{ readonly name: string; readonly status: "connected" | "failed" }>
}

export interface RunOutcome {
  /** Set once the agent exists; undefined when the run failed or was stopped before. */
  readonly created: CreatedInfo | undefined
  /** Why the run itself failed: creation or sending threw (5.3), or an internal error. */
  readonly thrown: string | undefined
  /** Background tasks stopped at the wait ceiling. */
  readonly incompleteTasks: ReadonlyArray<PendingTaskInfo>
  /** The agent's state when the run stopped waiting for it (however the wait ended). */
  readonly ended: AgentState | undefined
}

export const initialOutcome: RunOutcome = {
  created: undefined,
  thrown: undefined,
  incompleteTasks: [],
  ended: undefined
}

export const runCreated = (info: CreatedInfo) => (outcome: RunOutcome): RunOutcome => ({ ...outcome, created: info })

/** The run failed; the latest reason wins (an internal error after a creation failure is the one reported). */
export const runFailed = (message: string) => (outcome: RunOutcome): RunOutcome => ({ ...outcome, thrown: message })

export const tasksIncomplete = (pending: ReadonlyArray<PendingTaskInfo>) => (outcome: RunOutcome): RunOutcome => ({
  ...outcome,
  incompleteTasks: pending
})

export const agentEnded = (state: AgentState) => (outcome: RunOutcome): RunOutcome => ({ ...outcome, ended: state })

/** Whether the agent stopped at --max-turns (D8). */
export const maxTurnsHit = (outcome: RunOutcome): boolean => outcome.ended?.maxTurnsHit ?? false

/** The message for a run that died of something other than being stopped (D4), undefined for a stop. */
export const internalError = (cause: Cause.Cause<unknown>): string | undefined =>
  Cause.hasInterruptsOnly(cause) ? undefined : `Internal error: ${Cause.pretty(cause).split("\n")[0] ?? "unknown"}`
