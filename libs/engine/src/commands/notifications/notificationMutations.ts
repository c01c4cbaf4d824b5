import type { ArgsOf } from "@agent-desktop/contracts/commands"
import { foldDisposition } from "@agent-desktop/domain"
import { DesktopAdapter, type DeliveryStep } from "@agent-desktop/platform"
import { Clock, Effect } from "effect"
import { ActionFailed, NotificationNotFound } from "../../errors/DesktopError.js"
import { Invocation } from "../../Invocation.js"
import { nativeDesktop, requireHeaded } from "../native/nativeAccess.js"
import { deliver } from "../../Delivery.js"
import { recordSteps } from "../../journal/journalSteps.js"
import { writeAhead } from "../../journal/writeAhead.js"
import { answered } from "../../journal/answered.js"
import { publicInfo, shownNotifications, SUPPORTED_DAEMON, type ShownNotification } from "./NotificationDaemon.js"
import { pickNotification } from "./pickNotification.js"
import { refuseAppFlags } from "./appNameUnknown.js"
import { reportDisposition } from "../reportDisposition.js"

const GONE_MS = 3000

/** True once the popup's window is no longer shown. */
const waitGone = (n: ShownNotification) =>
  Effect.gen(function*() {
    const adapter = yield* DesktopAdapter
    const deadline = (yield* Clock.currentTimeMillis) + GONE_MS
    while (true) {
      const windows = yield* adapter.listWindows(SUPPORTED_DAEMON).pipe(Effect.orElseSucceed(() => []))
      if (!windows.some((w) => w.id === n.window.id && w.visible !== false)) return true
      if ((yield* Clock.currentTimeMillis) >= deadline) return false
      yield* Effect.sleep(50)
    }
  })

/** A click on the popup's summary: xfce4-notifyd closes a notification that is clicked. */
const dismissOne = (n: ShownNotification) =>
  Effect.gen(function*() {
    const invocation = yield* Invocation
    if (n.point === undefined) {
      return yield* new ActionFailed({ message: `notification '${n.title}' has no on-screen position`, delivery: "not_delivered" })
    }
    const native = yield* nativeDesktop
    yield* writeAhead("XTestFakeButtonEvent", { outcome: "attempted", mechanism: "physical_synthetic" })
    yield* native.click(n.point, { button: "left", count: 1, modifiers: [] }).pipe(answered("XTestFakeButtonEvent"))
    const gone = yield* waitGone(n)
    const steps: ReadonlyArray<DeliveryStep> = [{ label: "XTestFakeButtonEvent", outcome: "succeeded", mechanism: "physical_synthetic", verified: gone }]
    recordSteps(invocation, steps)
    return { gone, steps }
  })

/** `dismiss-notification INDEX --expected-title T` (headed): fingerprint checked, clicked closed, read back. */
export const dismissNotification = Effect.fn("dismiss-notification")(function*(args: ArgsOf<"dismiss-notification">) {
  yield* requireHeaded("dismiss-notification")
  const n = yield* pickNotification(args, true)
  const { gone, steps } = yield* dismissOne(n)
  if (!gone) {
    return yield* new ActionFailed({
      message: `notification '${n.title}' was clicked but is still shown`,
      delivery: foldDisposition(steps).delivery,
      details: { kind: "post_action_verification" }
    })
  }
  return { dismissed: publicInfo(n) }
})

/** `dismiss-all-notifications` (headed): each shown notification clicked closed, oldest first. */
export const dismissAllNotifications = Effect.fn("dismiss-all-notifications")(function*(args: ArgsOf<"dismiss-all-notifications">) {
  yield* requireHeaded("dismiss-all-notifications")
  yield* refuseAppFlags(args)
  const start = yield* shownNotifications
  let dismissed = 0
  const failures: Array<{ title: string; reason: string }> = []
  for (const n of start) {
    const { gone } = yield* dismissOne(n)
    if (gone) dismissed++
    else failures.push({ title: n.title, reason: "still shown after a click" })
  }
  return { dismissed_count: dismissed, ...(failures.length > 0 ? { failures, failed_count: failures.length } : {}) }
})

/** `notification-action INDEX ACTION --expected-title T` (headed): the action's button pressed through AT-SPI. */
export const notificationAction = Effect.fn("notification-action")(function*(args: ArgsOf<"notification-action">) {
  yield* requireHeaded("notification-action")
  const { action } = args
  const n = yield* pickNotification(args, false)
  const button = n.buttons.find((b) => b.name === action)
  if (button === undefined) {
    return yield* new NotificationNotFound({
      message: `notification ${n.index} has no action '${action}' (it has: ${n.actions.join(", ") || "none"})`,
      delivery: "not_delivered",
      details: { index: n.index, actions: n.actions }
    })
  }
  // Written ahead and journalled message by message, as every ref action's delivery.
  const { steps } = yield* deliver({ handle: button.handle, role: "button" }, { kind: "click" }, { headed: true, timeoutMs: 5000 })
  const gone = yield* waitGone(n)
  return { action: "notification-action", disposition: yield* reportDisposition("notification-action", steps, { readback: gone ? "confirmed" : "unavailable" }), steps }
})
