/**
 * One recorded observation, repeated as a check: the replay observes what the recording observed (the same window
 * with the same snapshot flags, or the same property of the same element) and compares, again until the budget ends
 * (the app applies the steps before on its own time). A snapshot is read in the replay's own invocation and not
 * saved; get and is run as invocations of their own in the replay's session.
 */
import type { ArgsOf } from "@agent-desktop/contracts/commands"
import { DesktopAdapter } from "@agent-desktop/platform"
import type { EventStore } from "@agent-desktop/store"
import { Clock, Effect } from "effect"
import { decodeArgs } from "../args/decodeArgs.js"
import type { DesktopError } from "../errors/DesktopError.js"
import { fromPlatformError } from "../errors/fromPlatformError.js"
import { toErrorBody } from "../errors/toErrorBody.js"
import { Invocation } from "../Invocation.js"
import { observeWindow, snapshotRequest } from "../snapshot/observeWindow.js"
import { chooseWindow } from "./bindLocator.js"
import { diverged } from "./divergence.js"
import { compareEffect, compareValue, type ObservationDifference } from "./observationDiff.js"
import { observedElements } from "./ReplayRecord.js"
import type { ReplayObservedPayload } from "./ReplayEvents.js"
import type { PlanStep } from "./ReplayPlan.js"
import type { ReplayStepResult } from "./ReplayResult.js"
import { inNamespace, POLL_MS, reasonOf, resolveTargets, type TargetsResolution } from "./resolveTargets.js"
import { progressOf, unresolvedDivergence, type StepEnv } from "./StepEnv.js"
import { locatorTarget } from "./stepTarget.js"

type SnapshotObserved = Extract<ReplayObservedPayload, { command: "snapshot" }>
type ValueObserved = Extract<ReplayObservedPayload, { command: "get" | "is" }>

/** The snapshot flags that decide which elements get refs; the window is the one the check chose. */
const RENDER_ARGS = ["interactive_only", "compact", "include_bounds", "skeleton", "max_depth", "max_children"] as const

/**
 * The window a snapshot check reads: where the recording named the app, the one the engine picks for that app now
 * (the rule the recorded snapshot followed); where it named a window id, which died with its window, the app's
 * window titled as recorded.
 */
const checkedWindow = (step: PlanStep, observed: SnapshotObserved) =>
  Effect.gen(function*() {
    const app = step.args["app"]
    if (typeof app !== "string") return yield* chooseWindow(observed.app, observed.window_title)
    const adapter = yield* DesktopAdapter
    return yield* adapter.resolveWindow({ app }).pipe(Effect.mapError(fromPlatformError))
  })

type Once =
  | { readonly _tag: "Match" }
  | { readonly _tag: "Differs"; readonly difference: ObservationDifference | { readonly kind: "incomplete" }; readonly observed: unknown }
  | { readonly _tag: "Unresolved"; readonly unresolved: Extract<TargetsResolution, { _tag: "Unresolved" }> }
  | { readonly _tag: "Failed"; readonly error: DesktopError }

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const snapshotOnce = (step: PlanStep, observed: SnapshotObserved, effect: NonNullable<PlanStep["effect"]>, env: StepEnv) =>
  Effect.gen(function*() {
    const window = yield* Effect.result(checkedWindow(step, observed))
    if (window._tag === "Failure") return { _tag: "Failed", error: window.failure } satisfies Once as Once
    const args: Record<string, unknown> = { window_id: window.success.id, timeout_ms: Math.max(env.timeoutMs, 3000) }
    for (const key of RENDER_ARGS) if (step.args[key] !== undefined) args[key] = step.args[key]
    // The recorded flags as the caller gave them: decoded as the snapshot command decodes them (the spec's defaults).
    const read = yield* Effect.result(Effect.flatMap(Effect.flatMap(decodeArgs("snapshot", args), (decoded) => snapshotRequest(decoded as ArgsOf<"snapshot">)), (request) =>
      inNamespace(env.replaySessionId, observeWindow(request, { save: false }))))
    if (read._tag === "Failure") return { _tag: "Failed", error: read.failure } satisfies Once as Once
    const live = observedElements(read.success.data.tree)
    const summary = { app: window.success.app_name, window_title: window.success.title, element_count: live.elements.length }
    if (!read.success.observation.complete) return { _tag: "Differs", difference: { kind: "incomplete" }, observed: summary } satisfies Once as Once
    const difference = compareEffect(effect, live.elements)
    return (difference === undefined ? { _tag: "Match" } : { _tag: "Differs", difference, observed: summary }) satisfies Once as Once
  })

const valueOnce = (step: PlanStep, observed: ValueObserved, env: StepEnv) =>
  Effect.gen(function*() {
    const invocation = yield* Invocation
    const resolution = yield* resolveTargets(step.targets, env.replaySessionId, { timeoutMs: env.timeoutMs, once: true })
    if (resolution._tag === "Unresolved") return { _tag: "Unresolved", unresolved: resolution } satisfies Once as Once
    const envelope = yield* invocation.runNested({
      command: step.command,
      args: { ...step.args, ...resolution.refs },
      options: { ...env.inherited, session: env.replaySessionId }
    })
    if (!envelope.ok) {
      return { _tag: "Differs", difference: { kind: step.command as "get" | "is", property: observed.property, expected: "a value", observed: envelope.error }, observed: envelope.error } satisfies Once as Once
    }
    const data = isRecord(envelope.data) ? envelope.data : {}
    const difference = compareValue(observed, data)
    return (difference === undefined ? { _tag: "Match" } : { _tag: "Differs", difference, observed: difference.observed }) satisfies Once as Once
  })

export const runCheck = Effect.fn("replay.check")(function*(
  step: PlanStep,
  env: StepEnv
): Effect.fn.Return<ReplayStepResult, DesktopError, DesktopAdapter | EventStore | Invocation> {
  const observed = step.observed!
  const base = { index: step.index, position: step.position, command: step.command, role: step.role, ...locatorTarget(step) }
  if (observed.command === "snapshot" && step.effect === undefined) {
    return { ...base, status: "passed", reason: "the recording's first snapshot of this window: the baseline later checks compare with" }
  }
  const until = (yield* Clock.currentTimeMillis) + env.timeoutMs
  const once = observed.command === "snapshot" ? snapshotOnce(step, observed, step.effect!, env) : valueOnce(step, observed, env)
  let last = yield* once
  while (last._tag !== "Match" && (yield* Clock.currentTimeMillis) < until) {
    yield* Effect.sleep(POLL_MS)
    last = yield* once
  }
  switch (last._tag) {
    case "Match":
      return { ...base, status: "passed" }
    case "Unresolved":
      return yield* Effect.fail(unresolvedDivergence(step, env, last.unresolved))
    case "Failed": {
      const reason = reasonOf(last.error)
      return yield* Effect.fail(diverged(reason, step, progressOf(env), {
        message: last.error.message,
        ...(last.error.details === undefined ? {} : { observed: last.error.details }),
        ...(reason === "step_failed" ? { code: last.error.code, error: toErrorBody(last.error) } : {})
      }))
    }
    case "Differs":
      return yield* Effect.fail(diverged("observation_differs", step, progressOf(env), {
        message: observed.command === "snapshot"
          ? `the window ${observed.window_title === "" ? "" : `"${observed.window_title}" `}is not what the recording's snapshot saw`
          : `${step.command} --property ${observed.property} does not read what the recording read`,
        expected: observed.command === "snapshot"
          ? { app: observed.app, window_title: observed.window_title, changed_elements: step.effect?.length ?? 0 }
          : observed,
        observed: last.observed,
        differences: last.difference
      }))
  }
})

/** A dry run's check: only whether what it observes can be found now (its window, or its element). */
export const resolveCheck = Effect.fn("replay.resolveCheck")(function*(
  step: PlanStep,
  env: StepEnv
): Effect.fn.Return<ReplayStepResult, never, DesktopAdapter | EventStore | Invocation> {
  const observed = step.observed!
  const base = { index: step.index, position: step.position, command: step.command, role: step.role, ...locatorTarget(step) }
  if (observed.command === "snapshot") {
    const window = yield* Effect.result(checkedWindow(step, observed))
    return window._tag === "Success"
      ? { ...base, status: "resolved" }
      : { ...base, status: "unresolved", reason: window.failure.message }
  }
  const resolution = yield* resolveTargets(step.targets, env.replaySessionId, { timeoutMs: env.timeoutMs, once: true })
  return resolution._tag === "Resolved"
    ? { ...base, status: "resolved", ...(resolution.refs.ref_id === undefined ? {} : { ref: resolution.refs.ref_id }), ...(resolution.matches.ref_id === undefined ? {} : { match: resolution.matches.ref_id }) }
    : { ...base, status: "unresolved", reason: resolution.error.message, ...(resolution.diff === undefined ? {} : { diff: resolution.diff }) }
})
