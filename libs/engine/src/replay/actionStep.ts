/**
 * One recorded action, repeated: its elements found by recorded identity (resolveTargets), then the command run as
 * its own invocation in the replay's session (the engine's normal path: write-ahead evidence, dispositions folded
 * from it, the same read-back), then its read-back compared with the recording's.
 */
import { isIdentityFailureKind, type Delivery } from "@agent-desktop/domain"
import type { DesktopAdapter } from "@agent-desktop/platform"
import type { EventStore } from "@agent-desktop/store"
import { Effect } from "effect"
import type { DesktopError } from "../errors/DesktopError.js"
import { Invocation } from "../Invocation.js"
import { diverged } from "./divergence.js"
import { locatorTarget } from "./stepTarget.js"
import { COMPARED_STATES } from "./ReplayRecord.js"
import type { PlanStep } from "./ReplayPlan.js"
import type { ReplayStepResult } from "./ReplayResult.js"
import { resolveTargets } from "./resolveTargets.js"
import { progressOf, secretsOf, unresolvedDivergence, withSecrets, type StepEnv } from "./StepEnv.js"

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const DELIVERIES: ReadonlyArray<string> = ["not_delivered", "unknown", "delivery_uncertain", "delivered_unverified", "delivered_verified"]
const asDelivery = (value: unknown, fallback: Delivery): Delivery =>
  typeof value === "string" && DELIVERIES.includes(value) ? value as Delivery : fallback

const compared = (states: ReadonlyArray<unknown> | undefined): Array<string> =>
  (states ?? []).map(String).filter((state) => COMPARED_STATES.has(state)).sort()

/** The recorded read-back's states against the replayed action's post_state, when both exist. */
const readbackDifference = (step: PlanStep, data: Readonly<Record<string, unknown>>) => {
  const recorded = step.readback?.states
  const post = isRecord(data["post_state"]) && Array.isArray(data["post_state"]["states"]) ? data["post_state"]["states"] : undefined
  if (recorded === undefined || post === undefined) return undefined
  const expected = compared(recorded)
  const observed = compared(post)
  return JSON.stringify(expected) === JSON.stringify(observed) ? undefined : { expected, observed }
}

export const runAction = Effect.fn("replay.action")(function*(
  step: PlanStep,
  env: StepEnv
): Effect.fn.Return<ReplayStepResult, DesktopError, DesktopAdapter | EventStore | Invocation> {
  const invocation = yield* Invocation
  const resolution = yield* resolveTargets(step.targets, env.replaySessionId, { timeoutMs: env.timeoutMs, once: false })
  if (resolution._tag === "Unresolved") return yield* Effect.fail(unresolvedDivergence(step, env, resolution))
  const envelope = yield* invocation.runNested({
    command: step.command,
    args: { ...withSecrets(step.args, env.secrets), ...resolution.refs },
    options: { ...env.inherited, session: env.replaySessionId, headed: step.headed }
  })
  const base = {
    index: step.index,
    position: step.position,
    command: step.command,
    role: step.role,
    ...locatorTarget(step),
    ...(resolution.refs.ref_id === undefined ? {} : { ref: resolution.refs.ref_id }),
    ...(resolution.matches.ref_id === undefined ? {} : { match: resolution.matches.ref_id }),
    ...(secretsOf(step.args).length === 0 ? {} : { secrets: secretsOf(step.args) })
  }
  if (!envelope.ok) {
    const body = envelope.error
    const delivery = asDelivery(body.disposition.delivery, "unknown")
    // The element went away between finding it and acting on it: show it as the recording knew it.
    const kind = isRecord(body.details) ? body.details["kind"] : undefined
    if (delivery === "not_delivered" && isIdentityFailureKind(kind)) {
      const again = yield* resolveTargets(step.targets, env.replaySessionId, { timeoutMs: env.timeoutMs, once: true })
      if (again._tag === "Unresolved") return yield* Effect.fail(unresolvedDivergence(step, env, again))
    }
    return yield* Effect.fail(diverged("step_failed", step, progressOf(env, [delivery]), {
      message: body.message,
      code: body.code,
      error: body
    }))
  }
  const data = isRecord(envelope.data) ? envelope.data : {}
  const delivery = asDelivery(isRecord(data["disposition"]) ? data["disposition"]["delivery"] : undefined, "delivered_unverified")
  const difference = readbackDifference(step, data)
  if (difference !== undefined) {
    return yield* Effect.fail(diverged("readback_differs", step, progressOf(env, [delivery]), {
      message: `the element's states read back after ${step.command} are [${difference.observed.join(", ")}], the recording read [${difference.expected.join(", ")}]`,
      expected: { states: difference.expected, target: step.targets.ref_id },
      observed: { states: difference.observed, ref: resolution.refs.ref_id }
    }))
  }
  return { ...base, status: "passed", delivery }
})
