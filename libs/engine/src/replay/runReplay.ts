/**
 * `trace replay SESSION`: a recorded session run again against the apps as they are now (README "Replay").
 *
 * 1. The recording: the session's trace, read unredacted, as a plan (ReplayPlan.ts), cut to `--from` / `--to`.
 * 2. Before anything is sent: every step must be one a replay can repeat, and every secret it types must be given
 *    (`--secret NAME=...` or the environment variable the recording names); otherwise INVALID_ARGS, not_delivered.
 * 3. A session of its own for the replay (its trace is the replay's evidence), ended however the replay ends.
 * 4. Step by step: actions found by recorded identity and run through the normal command path, checks compared;
 *    the first divergence stops the replay with a typed error (divergence.ts). A dry run only resolves.
 */
import type { Delivery } from "@agent-desktop/domain"
import type { DesktopAdapter } from "@agent-desktop/platform"
import { EventStore } from "@agent-desktop/store"
import { Effect } from "effect"
import { InvalidArgs, type DesktopError } from "../errors/DesktopError.js"
import { Invocation } from "../Invocation.js"
import { withStore } from "../StoreAccess.js"
import { runAction } from "./actionStep.js"
import { resolveCheck, runCheck } from "./checkStep.js"
import { combinedDelivery } from "./divergence.js"
import { planOf, type PlanStep } from "./ReplayPlan.js"
import type { ReplayData, ReplaySecretStatus, ReplayStepResult } from "./ReplayResult.js"
import { supplySecret } from "./ReplaySecrets.js"
import { resolveTargets } from "./resolveTargets.js"
import { secretsOf, type StepEnv } from "./StepEnv.js"
import { locatorTarget } from "./stepTarget.js"

export interface ReplayRequest {
  readonly sessionId: string
  readonly from?: number
  readonly to?: number
  readonly dryRun: boolean
  readonly secrets: ReadonlyMap<string, string>
  readonly timeoutMs: number
}

/** Events of the replay itself (started, each step, finished), in its own stream of the replay's session. */
const replayLog = (replaySessionId: string) => {
  const stream = `replay-${replaySessionId}`
  return (type: string, payload: Readonly<Record<string, unknown>>) =>
    Effect.gen(function*() {
      const invocation = yield* Invocation
      invocation.record(type, payload)
      yield* withStore((store) => store.append(stream, [{ type, payload }], { session_id: replaySessionId }))
    })
}

const notRun = (step: PlanStep, status: ReplayStepResult["status"]): ReplayStepResult => ({
  index: step.index,
  position: step.position,
  command: step.command,
  role: step.role,
  status,
  ...(step.reason === undefined ? {} : { reason: step.reason }),
  ...locatorTarget(step),
  ...(secretsOf(step.args).length === 0 ? {} : { secrets: secretsOf(step.args) })
})

const dryRunStep = (step: PlanStep, env: StepEnv) =>
  Effect.gen(function*() {
    if (step.role === "check") return yield* resolveCheck(step, env)
    if (step.role !== "action") return notRun(step, step.role === "not_replayable" ? "not_replayable" : "skipped")
    const resolution = yield* resolveTargets(step.targets, env.replaySessionId, { timeoutMs: env.timeoutMs, once: true })
    const base = notRun(step, "resolved")
    if (resolution._tag === "Resolved") {
      return {
        ...base,
        ...(resolution.refs.ref_id === undefined ? {} : { ref: resolution.refs.ref_id }),
        ...(resolution.matches.ref_id === undefined ? {} : { match: resolution.matches.ref_id })
      } satisfies ReplayStepResult
    }
    return {
      ...base,
      status: "unresolved",
      reason: resolution.error.message,
      ...(resolution.diff === undefined ? {} : { diff: resolution.diff })
    } satisfies ReplayStepResult
  })

export const runReplay = Effect.fn("replay.run")(function*(
  request: ReplayRequest
): Effect.fn.Return<ReplayData, DesktopError, DesktopAdapter | EventStore | Invocation> {
  const invocation = yield* Invocation
  const recording = yield* withStore((store) => store.trace(request.sessionId, { limit: 0, redact: false }))
  const plan = planOf(recording.events, {
    ...(request.from === undefined ? {} : { from: request.from }),
    ...(request.to === undefined ? {} : { to: request.to })
  })
  const runnable = plan.steps.filter((step) => step.role === "action" || step.role === "check")
  if (runnable.length === 0) {
    return yield* new InvalidArgs({
      message: `session ${request.sessionId} recorded no action or observation a replay repeats${request.from !== undefined || request.to !== undefined ? " between --from and --to" : ""}`,
      delivery: "not_delivered",
      details: { kind: "replay_empty", session_id: request.sessionId, steps: plan.steps.map((step) => notRun(step, "skipped")) },
      suggestion: "Record in a session (session start, then the commands with --session ID), and replay that session"
    })
  }
  const environment = invocation.options.environment ?? process.env
  const secretStatus: Array<ReplaySecretStatus> = []
  const secrets = new Map<string, string>()
  for (const marker of plan.secrets) {
    const supplied = supplySecret(marker, request.secrets, environment)
    secretStatus.push({ name: marker.secret, env: marker.env, source: supplied.source })
    if (supplied.value !== undefined) secrets.set(marker.secret, supplied.value)
  }
  if (!request.dryRun) {
    const cannot = plan.steps.filter((step) => step.role === "not_replayable")
    if (cannot.length > 0) {
      return yield* new InvalidArgs({
        message: `session ${request.sessionId} holds ${cannot.length} step(s) a replay cannot repeat, first step ${cannot[0]!.index} (${cannot[0]!.command}): ${cannot[0]!.reason}`,
        delivery: "not_delivered",
        details: { kind: "replay_not_replayable", steps: cannot.map((step) => notRun(step, "not_replayable")) },
        suggestion: "Replay the part around them with --from and --to (the positions trace show prints as seq), or edit the exported batch (trace export --as batch)"
      })
    }
    const missing = secretStatus.filter((secret) => secret.source === "missing")
    if (missing.length > 0) {
      return yield* new InvalidArgs({
        message: `the recording typed ${missing.length} secret(s) it never stored: ${missing.map((secret) => secret.name).join(", ")}; nothing was sent`,
        delivery: "not_delivered",
        details: { kind: "replay_secret_missing", secrets: missing.map(({ name, env }) => ({ name, env })) },
        suggestion: `Pass --secret NAME=TEXT for each (or set ${missing.map((secret) => secret.env).join(", ")})`
      })
    }
  }
  const session = yield* withStore((store) =>
    store.startSession({ name: `${request.dryRun ? "dry run" : "replay"} of ${request.sessionId}` }))
  const replaySessionId = session.session_id
  const log = replayLog(replaySessionId)
  const results: Array<ReplayStepResult> = []
  const deliveries: Array<Delivery> = []
  const { waitFor: _waitFor, waitForGone: _waitForGone, waitTimeoutMs: _waitTimeoutMs, session: _session, ...inherited } = invocation.options
  const env: StepEnv = {
    replaySessionId,
    timeoutMs: request.timeoutMs,
    secrets,
    inherited,
    progress: () => ({ deliveries, completed: results.filter((result) => result.status === "passed").length })
  }
  const run = Effect.gen(function*() {
    yield* log("replay.started", { session_id: request.sessionId, dry_run: request.dryRun, steps: plan.steps.length })
    for (const step of plan.steps) {
      const result = request.dryRun
        ? yield* dryRunStep(step, env)
        : step.role === "action"
        ? yield* runAction(step, env)
        : step.role === "check"
        ? yield* runCheck(step, env)
        : notRun(step, "skipped")
      if (result.delivery !== undefined) deliveries.push(result.delivery)
      results.push(result)
      yield* log("replay.step", { index: step.index, position: step.position, command: step.command, status: result.status })
    }
    yield* log("replay.finished", { completed_steps: results.filter((result) => result.status === "passed" || result.status === "resolved").length })
    return {
      session_id: request.sessionId,
      replay_session_id: replaySessionId,
      dry_run: request.dryRun,
      total_steps: plan.steps.length,
      completed_steps: results.filter((result) => result.status === "passed" || result.status === "resolved").length,
      delivery: combinedDelivery(deliveries),
      steps: results,
      secrets: secretStatus
    } satisfies ReplayData
  })
  return yield* run.pipe(
    Effect.tapError((error) =>
      log("replay.diverged", { code: error.code, ...(error.details ?? {}) }).pipe(Effect.ignore)),
    Effect.ensuring(withStore((store) => store.endSession(replaySessionId)).pipe(Effect.ignore))
  )
})
