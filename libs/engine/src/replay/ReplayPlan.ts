/**
 * A recording as a replay plan (pure): a session's trace (read unredacted) grouped into its invocations, in the
 * order they started, each a step: an action to repeat, a check to compare, or a step the replay passes over or
 * cannot repeat, with the reason. `--from` / `--to` keep the invocations whose `command.start` position (the `seq`
 * `trace show` prints) lies between them.
 */
import { INVOCATION_ENDED, INVOCATION_STARTED, type StoredEvent } from "@agent-desktop/store"
import { locatorOf, type Locator } from "./Locator.js"
import { RECORDED_COMMANDS, stepKind, type RefArg } from "./ReplayCommands.js"
import { recordedEffect } from "./observationDiff.js"
import {
  REPLAY_OBSERVED, REPLAY_REQUEST, type ObservedElement, type RecordedTarget, type ReplayObservedPayload, type ReplayRequestPayload
} from "./ReplayEvents.js"
import type { SecretMarker } from "./ReplayEvents.js"
import { isSecretMarker } from "./ReplaySecrets.js"

export type StepRole = "action" | "check" | "lifecycle" | "skipped" | "not_replayable"

export interface RecordedOutcome {
  readonly ok: boolean
  readonly code?: string
  readonly delivery?: string
}

export interface PlanStep {
  readonly index: number
  /** Position of the invocation's `command.start` in the store (`seq` in trace show). */
  readonly position: number
  readonly stream: string
  readonly command: string
  readonly role: StepRole
  readonly reason?: string
  /** The recorded args (secret ones are markers), without ref args. */
  readonly args: Readonly<Record<string, unknown>>
  /** The element each ref arg named, as a locator. */
  readonly targets: Readonly<Partial<Record<RefArg, Locator>>>
  readonly headed: boolean
  readonly recorded?: RecordedOutcome
  /** The recorded read-back of a stateful action: its verdict and the element's states after it. */
  readonly readback?: { readonly readback: string; readonly states?: ReadonlyArray<string> }
  readonly observed?: ReplayObservedPayload
  /**
   * A snapshot check: what the steps since the recording's previous snapshot of the same window changed
   * (observationDiff.ts); absent for the first snapshot of a window (the baseline).
   */
  readonly effect?: ReadonlyArray<{ readonly element: ObservedElement; readonly count: number }>
}

export interface Plan {
  readonly steps: ReadonlyArray<PlanStep>
  /** Every secret the plan's actions need, by name, once each. */
  readonly secrets: ReadonlyArray<SecretMarker>
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

interface Invocation {
  readonly stream: string
  start?: StoredEvent
  request?: ReplayRequestPayload
  observed?: ReplayObservedPayload
  readback?: { readback: string; states?: ReadonlyArray<string> }
  end?: RecordedOutcome | undefined
}

const outcomeOf = (payload: unknown): RecordedOutcome | undefined => {
  if (!isRecord(payload) || typeof payload["ok"] !== "boolean") return undefined
  const disposition = isRecord(payload["disposition"]) ? payload["disposition"] : undefined
  return {
    ok: payload["ok"],
    ...(typeof payload["code"] === "string" ? { code: payload["code"] } : {}),
    ...(typeof disposition?.["delivery"] === "string" ? { delivery: disposition["delivery"] } : {})
  }
}

const invocationsOf = (events: ReadonlyArray<StoredEvent>): Array<Invocation> => {
  const byStream = new Map<string, Invocation>()
  for (const event of events) {
    if (!event.stream.startsWith("invocation-")) continue
    let invocation = byStream.get(event.stream)
    if (invocation === undefined) byStream.set(event.stream, invocation = { stream: event.stream })
    if (event.type === INVOCATION_STARTED) invocation.start = event
    else if (event.type === REPLAY_REQUEST && isRecord(event.payload)) invocation.request = event.payload as unknown as ReplayRequestPayload
    else if (event.type === REPLAY_OBSERVED && isRecord(event.payload)) invocation.observed = event.payload as unknown as ReplayObservedPayload
    else if (event.type === "readback.observed" && isRecord(event.payload) && typeof event.payload["readback"] === "string") {
      invocation.readback = {
        readback: event.payload["readback"],
        ...(Array.isArray(event.payload["states"]) ? { states: event.payload["states"] as ReadonlyArray<string> } : {})
      }
    } else if (event.type === INVOCATION_ENDED) invocation.end = outcomeOf(event.payload)
  }
  return [...byStream.values()]
    .filter((invocation) => invocation.start !== undefined)
    .sort((a, b) => a.start!.position - b.start!.position)
}

const commandOf = (start: StoredEvent): string =>
  isRecord(start.payload) && typeof start.payload["command"] === "string" ? start.payload["command"] : ""

const roleOf = (invocation: Invocation, command: string): { role: StepRole; reason?: string } => {
  const request = invocation.request
  const end = invocation.end
  const kind = stepKind(command, request?.args ?? {})
  if (kind._tag === "Check") {
    if (end?.ok !== true) return { role: "skipped", reason: "the recorded observation failed" }
    if (invocation.observed === undefined) return { role: "skipped", reason: "the recording kept nothing this observation could be compared with" }
    return { role: "check" }
  }
  if (kind._tag === "Lifecycle") return { role: "lifecycle", reason: "a replay acts on the apps running now: start or close them yourself" }
  if (end === undefined) return { role: "not_replayable", reason: "the recording does not say how this command ended" }
  if (!end.ok && (end.delivery === undefined || end.delivery === "not_delivered")) {
    return { role: "skipped", reason: `nothing was delivered in the recording (${end.code ?? "error"})` }
  }
  if (!end.ok) return { role: "not_replayable", reason: `the recording cannot say what it did (${end.code ?? "error"}, ${end.delivery})` }
  if (kind._tag === "NotReplayable") return { role: "not_replayable", reason: kind.reason }
  if (request === undefined) return { role: "not_replayable", reason: "it was recorded without the identities a replay needs (outside a session, or by an older agent-desktop)" }
  if ((request.unknown_refs ?? []).length > 0) return { role: "not_replayable", reason: "the recording could not keep the identity of its element" }
  return { role: "action" }
}

const locators = (targets: Readonly<Partial<Record<string, RecordedTarget>>>): Partial<Record<RefArg, Locator>> => {
  const out: Partial<Record<RefArg, Locator>> = {}
  for (const [key, target] of Object.entries(targets)) if (target !== undefined) out[key as RefArg] = locatorOf(target)
  return out
}

export const planOf = (events: ReadonlyArray<StoredEvent>, range: { readonly from?: number; readonly to?: number } = {}): Plan => {
  const steps: Array<PlanStep> = []
  // Each window's latest recorded snapshot (before --from too): the baseline of the next one's check.
  const lastSeen = new Map<string, ReadonlyArray<ObservedElement>>()
  for (const invocation of invocationsOf(events)) {
    const start = invocation.start!
    const observed = invocation.observed?.command === "snapshot" && invocation.end?.ok === true ? invocation.observed : undefined
    const baseline = observed === undefined ? undefined : lastSeen.get(observed.window_id)
    if (observed !== undefined) lastSeen.set(observed.window_id, observed.elements)
    if (range.from !== undefined && start.position < range.from) continue
    if (range.to !== undefined && start.position > range.to) continue
    const command = commandOf(start)
    if (!RECORDED_COMMANDS.has(command)) continue
    const { role, reason } = roleOf(invocation, command)
    steps.push({
      index: steps.length,
      position: start.position,
      stream: invocation.stream,
      command,
      role,
      ...(reason === undefined ? {} : { reason }),
      args: invocation.request?.args ?? {},
      targets: locators(invocation.request?.targets ?? {}),
      headed: invocation.request?.headed === true,
      ...(invocation.end === undefined ? {} : { recorded: invocation.end }),
      ...(invocation.readback === undefined ? {} : { readback: invocation.readback }),
      ...(invocation.observed === undefined ? {} : { observed: invocation.observed }),
      ...(observed === undefined || baseline === undefined ? {} : { effect: recordedEffect(baseline, observed.elements) })
    })
  }
  const secrets = new Map<string, SecretMarker>()
  for (const step of steps) {
    if (step.role !== "action") continue
    for (const value of Object.values(step.args)) if (isSecretMarker(value)) secrets.set(value.secret, value)
  }
  return { steps, secrets: [...secrets.values()] }
}
