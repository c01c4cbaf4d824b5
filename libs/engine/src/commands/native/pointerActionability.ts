/**
 * Before pointer input on a ref (reference §5.2, §3.5): the target's identity is proven (resolveRef), then it must
 * be visible, inside its window and a screen, have the same bounds in two reads, belong to the topmost window at
 * its centre, and be on the AT-SPI hit-test chain at that point (itself or an ancestor of what is there). A
 * covered, hidden or moving target is refused with the failed checks, before anything is sent.
 */
import { DesktopAdapter, type Bounds, type NativeDesktopShape, type ScreenPoint } from "@agent-desktop/platform"
import type { EventStore } from "@agent-desktop/store"
import { Clock, Effect } from "effect"
import { ActionFailed, type DesktopError } from "../../errors/DesktopError.js"
import { fromPlatformError } from "../../errors/fromPlatformError.js"
import type { Invocation } from "../../Invocation.js"
import { resolveRef, type Resolved } from "../../resolve/resolveRef.js"
import { visiblePart } from "./visiblePart.js"
import { sourceOfHandle } from "../../sources/SourceHandle.js"

export interface Check {
  readonly check: string
  readonly status: "pass" | "fail"
  readonly reason?: string
}

export interface Actionable {
  readonly resolved: Resolved
  readonly point: ScreenPoint
  readonly nativeWindow: number
  readonly checks: ReadonlyArray<Check>
}

/** Time between the two bounds reads. */
const STABLE_GAP_MS = 60
/** How long a hit test that misses the target is asked again (a toolkit's hit-test cache filling), and how often. */
const HIT_RETRY_MS = 1_500
const HIT_RETRY_GAP_MS = 150

const centreOf = (b: Bounds): ScreenPoint => ({ x: Math.round(b.x + b.width / 2), y: Math.round(b.y + b.height / 2) })
const contains = (b: Bounds, p: ScreenPoint) => p.x >= b.x && p.y >= b.y && p.x < b.x + b.width && p.y < b.y + b.height
const sameBounds = (a: Bounds | undefined, b: Bounds | undefined) =>
  a !== undefined && b !== undefined && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height

const refuse = (ref: string, action: string, checks: ReadonlyArray<Check>) =>
  new ActionFailed({
    message: `${ref} is not safe to ${action}: ${checks.filter((c) => c.status === "fail").map((c) => c.reason ?? c.check).join("; ")}`,
    delivery: "not_delivered",
    details: { actionable: false, checks },
    suggestion: "Bring the element into view (scroll-to, restore or move its window), take a fresh snapshot, then retry"
  })

export const checkPointerActionable = Effect.fnUntraced(function*(
  ref: string,
  action: string,
  native: NativeDesktopShape,
  nativeWindow: number,
  timeoutMs: number
): Effect.fn.Return<Actionable, DesktopError, DesktopAdapter | EventStore | Invocation> {
  const adapter = yield* DesktopAdapter
  const started = yield* Clock.currentTimeMillis
  const left = Effect.map(Clock.currentTimeMillis, (now) => Math.max(1, timeoutMs - (now - started)))
  const first = yield* resolveRef(ref, { timeoutMs: yield* left })
  const checks: Array<Check> = []
  const bounds = first.node.bounds
  const hidden = first.node.states.includes("hidden") || first.node.states.includes("offscreen")
  const visible = !hidden && bounds !== undefined && bounds.width > 0 && bounds.height > 0
  checks.push(visible ? { check: "visible", status: "pass" } : { check: "visible", status: "fail", reason: "the element is hidden, offscreen or has no size" })
  if (!visible) return yield* refuse(ref, action, checks)
  const windowBounds = first.window.bounds
  // Aimed at what can be seen of it: a long list's full extent runs past its window (visiblePart.ts).
  const part = visiblePart(first.windowRoot, first.node, windowBounds)
  const point = centreOf(part ?? bounds!)
  const inWindow = windowBounds === undefined || contains(windowBounds, point)
  checks.push(inWindow && part !== undefined
    ? { check: "inside_window", status: "pass" }
    : { check: "inside_window", status: "fail", reason: `no part of it is in view in its window (its centre ${point.x},${point.y}; scroll it into view first)` })
  const displays = yield* native.displays().pipe(Effect.mapError(fromPlatformError))
  const onScreen = displays.some((d) => contains(d.bounds, point))
  checks.push(onScreen ? { check: "on_screen", status: "pass" } : { check: "on_screen", status: "fail", reason: `its centre ${point.x},${point.y} is off every screen` })
  if (!inWindow || part === undefined || !onScreen) return yield* refuse(ref, action, checks)

  yield* Effect.sleep(STABLE_GAP_MS)
  const second = yield* resolveRef(ref, { timeoutMs: yield* left })
  const stable = sameBounds(bounds, second.node.bounds)
  checks.push(stable
    ? { check: "stable_bounds", status: "pass" }
    : { check: "stable_bounds", status: "fail", reason: `its bounds moved between two reads ${STABLE_GAP_MS} ms apart (${JSON.stringify(bounds)} -> ${JSON.stringify(second.node.bounds)})` })
  if (!stable) return yield* refuse(ref, action, checks)

  const top = yield* native.topWindowAt(point).pipe(Effect.mapError(fromPlatformError))
  const topmost = top === nativeWindow
  checks.push(topmost ? { check: "topmost_window", status: "pass" } : { check: "topmost_window", status: "fail", reason: "another window covers its centre" })
  if (!topmost) return yield* refuse(ref, action, checks)

  // Text read from the screen is found again by its own source (twice, above): there is no element to hit-test.
  if (sourceOfHandle(second.node.handle) === "ocr") {
    checks.push({ check: "text_present", status: "pass" })
    return { resolved: second, point, nativeWindow, checks }
  }
  if (adapter.hitTest === undefined) {
    checks.push({ check: "hit_test", status: "fail", reason: "this platform has no hit test" })
    return yield* refuse(ref, action, checks)
  }
  const deadline = (yield* Clock.currentTimeMillis) + (yield* left)
  // An app that cannot answer the hit test is a failed check with its reason, not a different error. A miss is asked
  // again, bounded: Firefox ESR 153 answers its first hit test after a page load (or a window activation) from a
  // cache it is still filling, off the element a moment later found there.
  const hitTest = adapter.hitTest
  const ask = () => hitTest(second.window, point, deadline).pipe(Effect.result)
  let chain = yield* ask()
  const missed = () => chain._tag === "Success" && !chain.success.includes(second.node.handle)
  const retryUntil = Math.min(deadline, (yield* Clock.currentTimeMillis) + HIT_RETRY_MS)
  while (missed() && (yield* Clock.currentTimeMillis) + HIT_RETRY_GAP_MS < retryUntil) {
    yield* Effect.sleep(HIT_RETRY_GAP_MS)
    chain = yield* ask()
  }
  const hit = chain._tag === "Success" && chain.success.includes(second.node.handle)
  checks.push(hit
    ? { check: "hit_test", status: "pass" }
    : {
      check: "hit_test",
      status: "fail",
      reason: chain._tag === "Failure"
        ? `the app did not answer the hit test (${chain.failure.message})`
        : "the element at its centre is neither it nor inside it"
    })
  if (!hit) return yield* refuse(ref, action, checks)
  return { resolved: second, point, nativeWindow, checks }
})
