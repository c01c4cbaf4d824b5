import { DesktopAdapter, type ObservedNode } from "@agent-desktop/platform"
import { Effect } from "effect"
import { optionalInt, optionalString, type Args } from "../Args.js"
import { InvalidArgs, Timeout, type DesktopError } from "../errors/DesktopError.js"
import { fromPlatformError } from "../errors/fromPlatformError.js"
import { Invocation } from "../Invocation.js"
import { resolveRef } from "../resolve/resolveRef.js"
import { saveSnapshot } from "../StoreAccess.js"
import { DEFAULT_WAIT_TIMEOUT_MS } from "../wait/afterAction.js"
import { pollUntil, type PollFailure } from "../wait/poll.js"
import { DEFAULT_ACTION_TIMEOUT_MS } from "./actionTimeout.js"
import { DEFAULT_SNAPSHOT_TIMEOUT_MS, observeWindow } from "../snapshot/observeWindow.js"
import { EVENT_KINDS, waitEvent, type EventKind } from "./waits/waitEvent.js"
import { waitMenu } from "./waits/waitMenu.js"
import { waitChanged } from "./waits/waitChanged.js"
import { waitNotification } from "./waits/waitNotification.js"

/** Absent right now, but may appear: keep polling. Anything else (bad args, lost snapshot, permissions) is final. */
const transient = (error: DesktopError) =>
  error.code === "TIMEOUT" || error.code === "ELEMENT_NOT_FOUND" || error.code === "STALE_REF" ||
  error.code === "WINDOW_NOT_FOUND" || error.code === "APP_NOT_FOUND"

const expired = (what: string, timeoutMs: number, extra: Readonly<Record<string, unknown>>) => (failure: PollFailure) =>
  Effect.fail(failure._tag === "Failed" ? failure.error : new Timeout({
    message: `${what} did not happen within ${timeoutMs} ms`,
    delivery: "not_delivered",
    details: {
      kind: "wait_timeout",
      timeout_ms: timeoutMs,
      ...extra,
      ...(failure.lastError === undefined ? {} : { last_error: failure.lastError.code })
    }
  }))

const predicateHolds = (node: ObservedNode, predicate: string, value: string | undefined) => {
  switch (predicate) {
    case "enabled":
      return !node.states.includes("disabled")
    case "visible":
      return !node.states.includes("hidden") && !node.states.includes("offscreen")
    case "actionable":
      return !node.states.includes("disabled") && !node.states.includes("hidden") && node.actions.length > 0
    case "value":
      return node.value === value
    default:
      return true
  }
}

const waitElement = Effect.fnUntraced(function*(ref: string, args: Args, timeoutMs: number) {
  const predicate = (yield* optionalString(args, "predicate")) ?? "exists"
  const value = yield* optionalString(args, "value")
  if (predicate === "value" && value === undefined) {
    return yield* new InvalidArgs({ message: "--predicate value needs --value", suggestion: "Pass the expected value with --value" })
  }
  const look = resolveRef(ref, { timeoutMs: DEFAULT_ACTION_TIMEOUT_MS }).pipe(
    Effect.map((resolved) => predicateHolds(resolved.node, predicate, value) ? resolved.node : undefined)
  )
  const polled = yield* pollUntil(look, { timeoutMs, isTransient: transient }).pipe(
    Effect.catch(expired(`${ref} ${predicate}`, timeoutMs, { predicate, ref }))
  )
  const node = polled.value
  return {
    found: true as const,
    ref,
    predicate,
    observed: { role: node.role, states: node.states, ...(node.value === undefined ? {} : { value: node.value }) },
    elapsed_ms: polled.elapsedMs
  }
})

const waitWindow = Effect.fnUntraced(function*(title: string, app: string | undefined, timeoutMs: number) {
  const adapter = yield* DesktopAdapter
  const look = adapter.listWindows(app).pipe(
    Effect.mapError(fromPlatformError),
    Effect.map((windows) => windows.find((window) => window.title.toLowerCase().includes(title.toLowerCase())))
  )
  const polled = yield* pollUntil(look, { timeoutMs, isTransient: transient }).pipe(
    Effect.catch(expired(`A window titled '${title}'`, timeoutMs, { predicate: "window", text_chars: title.length }))
  )
  return { found: true as const, window: polled.value, elapsed_ms: polled.elapsedMs }
})

const countText = (root: ObservedNode, text: string) => {
  const wanted = text.toLowerCase()
  const hits: Array<ObservedNode> = []
  const stack = [root]
  while (stack.length > 0) {
    const node = stack.shift()!
    if ([node.name, node.value, node.description].some((field) => field?.toLowerCase().includes(wanted))) hits.push(node)
    stack.unshift(...(node.children ?? []))
  }
  return hits
}

const waitText = Effect.fnUntraced(function*(text: string, args: Args, timeoutMs: number) {
  const invocation = yield* Invocation
  const expected = (yield* optionalInt(args, "count")) ?? 1
  const app = yield* optionalString(args, "app")
  const windowId = yield* optionalString(args, "window_id")
  const look = observeWindow({
    ...(app === undefined ? {} : { app }),
    ...(windowId === undefined ? {} : { windowId }),
    render: { maxDepth: 64, interactiveOnly: false, compact: false, includeBounds: false, skeleton: false },
    timeoutMs: DEFAULT_SNAPSHOT_TIMEOUT_MS
  }, { save: false }).pipe(Effect.map((observed) => {
    const hits = countText(observed.observation.root, text)
    return hits.length >= expected ? { observed, hits } : undefined
  }))
  const polled = yield* pollUntil(look, { timeoutMs, isTransient: transient }).pipe(
    Effect.catch(expired("The text", timeoutMs, { predicate: "text", text_chars: text.length, expected_count: expected }))
  )
  const { observed, hits } = polled.value
  yield* saveSnapshot(invocation.namespace, observed.saved)
  const first = hits[0]!
  const ref = observed.captured.refByNode.get(first)
  return {
    found: true as const,
    text,
    ...(ref === undefined ? {} : { ref }),
    role: first.role,
    snapshot_id: observed.saved.snapshot_id,
    elapsed_ms: polled.elapsedMs,
    ...(expected === 1 ? {} : { count: hits.length })
  }
})

/** `wait`: one mode per call: sleep MS, --element REF, --window TITLE, --text T, --menu/--menu-closed, --notification, --event. */
export const wait = Effect.fn("wait")(function*(args: Args) {
  const timeoutMs = (yield* optionalInt(args, "timeout")) ?? DEFAULT_WAIT_TIMEOUT_MS
  const ms = yield* optionalInt(args, "ms")
  const element = yield* optionalString(args, "element")
  const window = yield* optionalString(args, "window")
  const text = yield* optionalString(args, "text")
  // --notification takes --text as its filter; --event and --menu/--menu-closed are modes of their own (commands/waits/).
  const notification = args["notification"] === true
  const menu = args["menu"] === true
  const menuClosed = args["menu_closed"] === true
  const event = yield* optionalString(args, "event")
  const modes = [ms, element, window, notification ? undefined : text, event].filter((mode) => mode !== undefined).length +
    [notification, menu, menuClosed].filter(Boolean).length
  if (modes !== 1) {
    return yield* new InvalidArgs({
      message: modes === 0 ? "wait needs one mode" : "wait takes exactly one mode",
      suggestion: "Use one of: wait MS, wait --element REF, wait --window TITLE, wait --text TEXT, wait --event KIND, wait --menu, wait --menu-closed, wait --notification [--text TEXT]"
    })
  }
  if (menu || menuClosed) return yield* waitMenu(menu, yield* optionalString(args, "app"), timeoutMs)
  if (notification) return yield* waitNotification(text, timeoutMs)
  if (event === "changed") return yield* waitChanged(args, timeoutMs)
  if (event !== undefined) {
    if (!(EVENT_KINDS as ReadonlyArray<string>).includes(event)) {
      return yield* new InvalidArgs({ message: `Unknown event '${event}'`, suggestion: `Use one of: ${EVENT_KINDS.join(", ")}` })
    }
    const app = yield* optionalString(args, "app")
    const windowId = yield* optionalString(args, "window_id")
    return yield* waitEvent(event as EventKind, { ...(app === undefined ? {} : { app }), ...(windowId === undefined ? {} : { windowId }) }, timeoutMs)
  }
  if (ms !== undefined) {
    yield* Effect.sleep(ms)
    return { waited_ms: ms }
  }
  if (element !== undefined) return yield* waitElement(element, args, timeoutMs)
  if (window !== undefined) return yield* waitWindow(window, yield* optionalString(args, "app"), timeoutMs)
  return yield* waitText(text!, args, timeoutMs)
})
