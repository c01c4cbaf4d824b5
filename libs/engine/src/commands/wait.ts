import { type ArgsOf, flagDefault } from "@agent-desktop/contracts/commands"
import { DesktopAdapter, type ObservedNode } from "@agent-desktop/platform"
import { Effect } from "effect"
import { InvalidArgs, Timeout, type DesktopError } from "../errors/DesktopError.js"
import { fromPlatformError } from "../errors/fromPlatformError.js"
import { Invocation } from "../Invocation.js"
import { resolveRef, WHOLE_WINDOW_DEPTH } from "../resolve/resolveRef.js"
import { saveSnapshot } from "../StoreAccess.js"
import { pollUntil, type PollFailure } from "../wait/poll.js"
import { observeWindow } from "../snapshot/observeWindow.js"
import { waitEvent } from "./waits/waitEvent.js"
import { waitMenu } from "./waits/waitMenu.js"
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

const waitElement = Effect.fnUntraced(function*(ref: string, args: ArgsOf<"wait">, timeoutMs: number) {
  const { predicate, value } = args
  if (predicate === "value" && value === undefined) {
    return yield* new InvalidArgs({ message: "--predicate value needs --value", suggestion: "Pass the expected value with --value" })
  }
  // Each look resolves the ref as `is` does, within its default budget.
  const look = resolveRef(ref, { timeoutMs: flagDefault("is", "timeout-ms") }).pipe(
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

const waitText = Effect.fnUntraced(function*(text: string, args: ArgsOf<"wait">, timeoutMs: number) {
  const invocation = yield* Invocation
  const { count: expected, app, window_id: windowId } = args
  // Each look observes the whole window as a plain snapshot would, within snapshot's default budget.
  const look = observeWindow({
    ...(app === undefined ? {} : { app }),
    ...(windowId === undefined ? {} : { windowId }),
    render: { maxDepth: WHOLE_WINDOW_DEPTH, interactiveOnly: false, compact: false, includeBounds: false, skeleton: false },
    timeoutMs: flagDefault("snapshot", "timeout-ms"),
    ocr: flagDefault("snapshot", "ocr")
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
export const wait = Effect.fn("wait")(function*(args: ArgsOf<"wait">) {
  const { timeout: timeoutMs, ms, element, window, text, notification, menu, menu_closed: menuClosed, event } = args
  // --notification takes --text as its filter; --event and --menu/--menu-closed are modes of their own (commands/waits/).
  const modes = [ms, element, window, notification ? undefined : text, event].filter((mode) => mode !== undefined).length +
    [notification, menu, menuClosed].filter(Boolean).length
  if (modes !== 1) {
    return yield* new InvalidArgs({
      message: modes === 0 ? "wait needs one mode" : "wait takes exactly one mode",
      suggestion: "Use one of: wait MS, wait --element REF, wait --window TITLE, wait --text TEXT, wait --event KIND, wait --menu, wait --menu-closed, wait --notification [--text TEXT]"
    })
  }
  const { app, window_id: windowId } = args
  if (menu || menuClosed) return yield* waitMenu(menu, app, timeoutMs)
  if (notification) return yield* waitNotification(text, timeoutMs)
  if (event !== undefined) {
    return yield* waitEvent(event, { ...(app === undefined ? {} : { app }), ...(windowId === undefined ? {} : { windowId }) }, timeoutMs)
  }
  if (ms !== undefined) {
    yield* Effect.sleep(ms)
    return { waited_ms: ms }
  }
  if (element !== undefined) return yield* waitElement(element, args, timeoutMs)
  if (window !== undefined) return yield* waitWindow(window, app, timeoutMs)
  return yield* waitText(text!, args, timeoutMs)
})
