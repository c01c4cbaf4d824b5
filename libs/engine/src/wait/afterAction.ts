import { type ArgsOf, flagDefault, globalFlagDefault } from "@agent-desktop/contracts/commands"
import { parseRef, parseWaitSelector, refKey, type WaitSelector } from "@agent-desktop/domain"
import { Effect } from "effect"
import type { Args } from "../args/Args.js"
import type { DesktopAdapter } from "@agent-desktop/platform"
import type { EventStore } from "@agent-desktop/store"
import { InvalidArgs, Timeout, type DeliveryValue, type DesktopError } from "../errors/DesktopError.js"
import { Invocation } from "../Invocation.js"
import { observeWindow, snapshotRequest, type SnapshotRequest } from "../snapshot/observeWindow.js"
import { loadSnapshot, saveSnapshot } from "../StoreAccess.js"
import { pollUntil, type PollFailure } from "./poll.js"
import { findSelector } from "./selector.js"

const WAIT_RENDER = { maxDepth: 10, interactiveOnly: false, compact: false, includeBounds: false, skeleton: false }

const transient = (error: DesktopError) => error.code === "TIMEOUT" || error.code === "ELEMENT_NOT_FOUND"
const windowGone = (error: DesktopError) => error.code === "WINDOW_NOT_FOUND" || error.code === "APP_NOT_FOUND"

/** The window an action's `--wait-for` polls: the acted-on ref's own window, else the command's --app/--window-id. */
const targetWindow = Effect.fnUntraced(function*(args: Args) {
  const ref = typeof args["ref_id"] === "string" ? parseRef(args["ref_id"]) : undefined
  if (ref?._tag === "Ok") {
    const invocation = yield* Invocation
    const saved = yield* loadSnapshot(invocation.namespace, ref.ref.snapshotId)
    const entry = saved.refs[refKey(ref.ref.index)]
    if (entry?.source_window_id !== undefined) return { windowId: entry.source_window_id }
    if (entry !== undefined) return { app: entry.source_app }
  }
  return {
    ...(typeof args["app"] === "string" ? { app: args["app"] } : {}),
    ...(typeof args["window_id"] === "string" ? { windowId: args["window_id"] } : {})
  }
})

const waitForSelector = Effect.fnUntraced(function*(
  request: SnapshotRequest,
  selector: WaitSelector,
  raw: string,
  gone: boolean,
  timeoutMs: number
) {
  const invocation = yield* Invocation
  const look = observeWindow(request, { save: false }).pipe(
    Effect.map((observed) => {
      const hit = findSelector(observed.observation.root, selector) !== undefined
      return hit !== gone ? observed : undefined
    })
  )
  const polled = yield* pollUntil(
    gone ? look.pipe(Effect.catchIf(windowGone, () => Effect.succeed("closed" as const))) : look,
    { timeoutMs, isTransient: transient }
  )
  if (polled.value === "closed") return { matched_selector: raw, gone: true, target_absent: true, elapsed_ms: polled.elapsedMs }
  yield* saveSnapshot(invocation.namespace, polled.value.saved)
  return { ...polled.value.data, elapsed_ms: polled.elapsedMs, matched_selector: raw }
})

/**
 * `--wait-for` / `--wait-for-gone` after snapshot or an action: poll the target window until the selector appears
 * (or is gone). A timeout after a delivered action keeps that action's delivery and carries its result.
 */
export const afterAction = <R>(
  command: string,
  args: Args,
  run: Effect.Effect<unknown, DesktopError, R>
): Effect.Effect<unknown, DesktopError, R | Invocation | DesktopAdapter | EventStore> =>
  Effect.gen(function*() {
    const invocation = yield* Invocation
    const raw = invocation.options.waitFor ?? invocation.options.waitForGone
    if (raw === undefined) return yield* run
    const parsed = parseWaitSelector(raw)
    if (parsed._tag === "Invalid") return yield* new InvalidArgs({ message: parsed.message, suggestion: parsed.suggestion })
    const gone = invocation.options.waitFor === undefined
    // The global --wait-timeout arrives as an option (the caller's, never decoded): its default is the spec's.
    const timeoutMs = invocation.options.waitTimeoutMs ?? globalFlagDefault("wait-timeout")
    const isAction = command !== "snapshot"
    // A snapshot with --wait-for is the wait itself: its flags shape the snapshot the wait returns.
    let request: SnapshotRequest
    if (isAction) {
      const window: { readonly app?: string; readonly windowId?: string } = yield* targetWindow(args)
      // Each poll observes the window as a plain snapshot would, within snapshot's default budget.
      request = { ...window, render: WAIT_RENDER, timeoutMs: flagDefault("snapshot", "timeout-ms"), ocr: flagDefault("snapshot", "ocr") }
    } else {
      // A snapshot's own arguments (runCommand decoded them for it) shape the snapshot the wait returns.
      request = yield* snapshotRequest(args as ArgsOf<"snapshot">)
    }
    const result: unknown = isAction ? yield* run : undefined
    const delivery = (result as { disposition?: { delivery?: DeliveryValue } } | undefined)?.disposition?.delivery
    const waited = yield* waitForSelector(request, parsed.selector, raw, gone, timeoutMs).pipe(
      Effect.catch((failure: DesktopError | PollFailure): Effect.Effect<never, DesktopError> => {
        if (failure._tag === "Failed") return Effect.fail(failure.error)
        if (failure._tag !== "Expired") return Effect.fail(failure)
        return Effect.fail(new Timeout({
          message: `'${raw}' was ${gone ? "still present" : "not found"} after ${timeoutMs} ms`,
          delivery: delivery ?? "not_delivered",
          suggestion: isAction && delivery !== undefined && delivery !== "not_delivered"
            ? `The ${command} itself went out (details.after_action): check the app with snapshot before repeating it; --wait-timeout waits longer`
            : "Check the selector with find; --wait-timeout waits longer",
          details: {
            kind: "wait_timeout",
            selector: raw,
            gone,
            timeout_ms: timeoutMs,
            ...(failure.lastError === undefined ? { last_observed: "selector_absent" } : { last_error: failure.lastError.code }),
            ...(isAction ? { after_action: result } : {})
          }
        }))
      })
    )
    return isAction ? { ...waited, after_action: result } : waited
  })
