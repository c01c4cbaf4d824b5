/** What `trace replay` reports per step and as a whole (the contract's TraceReplayData). */
import type { Delivery, IdentityMatch } from "@agent-desktop/domain"
import type { StepRole } from "./ReplayPlan.js"
import type { SecretSource } from "./ReplaySecrets.js"

export type StepStatus = "passed" | "resolved" | "unresolved" | "skipped" | "not_replayable" | "not_run"

export interface StepTarget {
  readonly role: string
  readonly name?: string
  readonly app: string
  readonly window?: string
}

export interface ReplayStepResult {
  readonly index: number
  readonly position: number
  readonly command: string
  readonly role: StepRole
  readonly status: StepStatus
  readonly reason?: string
  readonly target?: StepTarget
  /** The ref the replay bound the recorded element to (a snapshot of the replay's session). */
  readonly ref?: string
  readonly match?: IdentityMatch
  readonly delivery?: Delivery
  /** Names of the secrets the step types. */
  readonly secrets?: ReadonlyArray<string>
  /** Dry run: why a target did not resolve now (expected and observed nodes). */
  readonly diff?: object
}

export interface ReplaySecretStatus {
  readonly name: string
  readonly env: string
  readonly source: SecretSource
}

export interface ReplayData {
  readonly session_id: string
  readonly replay_session_id: string
  readonly dry_run: boolean
  readonly total_steps: number
  readonly completed_steps: number
  readonly delivery: Delivery
  readonly steps: ReadonlyArray<ReplayStepResult>
  readonly secrets: ReadonlyArray<ReplaySecretStatus>
}
