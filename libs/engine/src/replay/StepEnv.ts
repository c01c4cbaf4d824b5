/** What every replayed step needs: the replay's session, its budget, the supplied secrets and how far it got. */
import type { Delivery } from "@agent-desktop/domain"
import type { InvocationOptions } from "../CommandRequest.js"
import { toErrorBody } from "../errors/toErrorBody.js"
import type { DesktopError } from "../errors/DesktopError.js"
import { combinedDelivery, diverged, type DivergenceReason, type Progress } from "./divergence.js"
import type { PlanStep } from "./ReplayPlan.js"
import { isSecretMarker } from "./ReplaySecrets.js"
import type { TargetsResolution } from "./resolveTargets.js"

export interface StepEnv {
  readonly replaySessionId: string
  /** Per step: how long an element or an observation is waited for. */
  readonly timeoutMs: number
  /** Every secret the plan needs, by name (checked before the first step). */
  readonly secrets: ReadonlyMap<string, string>
  /** The caller's options the steps inherit (never its session or post-action waits). */
  readonly inherited: InvocationOptions
  /** Deliveries of the steps run so far, and how many completed. */
  readonly progress: () => { readonly deliveries: ReadonlyArray<Delivery>; readonly completed: number }
}

export const progressOf = (env: StepEnv, also: ReadonlyArray<Delivery> = []): Progress => {
  const { deliveries, completed } = env.progress()
  return { replaySessionId: env.replaySessionId, completedSteps: completed, delivery: combinedDelivery([...deliveries, ...also]) }
}

/** The recorded args with each secret marker replaced by the text supplied for it. */
export const withSecrets = (args: Readonly<Record<string, unknown>>, secrets: ReadonlyMap<string, string>): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(args)) out[key] = isSecretMarker(value) ? secrets.get(value.secret) : value
  return out
}

/** The secret names a step's args use. */
export const secretsOf = (args: Readonly<Record<string, unknown>>): Array<string> =>
  Object.values(args).filter(isSecretMarker).map((marker) => marker.secret)

/** A step whose element could not be found now, as the replay's divergence. */
export const unresolvedDivergence = (
  step: PlanStep,
  env: StepEnv,
  unresolved: Extract<TargetsResolution, { _tag: "Unresolved" }>,
  also: ReadonlyArray<Delivery> = []
): DesktopError => {
  const locator = step.targets[unresolved.arg]
  const reason: DivergenceReason = unresolved.reason
  return diverged(reason, step, progressOf(env, also), {
    message: unresolved.error.message,
    expected: unresolved.diff?.expected ?? locator,
    ...(unresolved.diff === undefined ? {} : { observed: unresolved.diff.observed, differences: unresolved.diff.differences }),
    ...(reason === "step_failed" ? { code: unresolved.error.code, error: toErrorBody(unresolved.error) } : {})
  })
}
