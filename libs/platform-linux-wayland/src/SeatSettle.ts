/**
 * A seat without a keyboard (or pointer) gains one when our virtual device appears: a headless compositor has no
 * input devices of its own, and neither has a real session once our previous process (and its devices) went away.
 * Clients then bind their wl_keyboard / wl_pointer on the capabilities event, asynchronously, and a key sent before
 * they did is dropped (seen: the first Tab of a run never reached GTK 3). No protocol lets us see other clients bind,
 * so the first use of a new device waits until our own seat shows the capability and then gives clients a moment.
 * On a seat that already had the capability (a session with a real keyboard) nothing waits.
 */
import type { WaylandAddon } from "./Addon.js"

export const SEAT_POINTER = 1
export const SEAT_KEYBOARD = 2

/** How long clients get to bind the new device after the compositor announced it (once per device). */
export const SETTLE_MS = 200

const pause = (ms: number): void => {
  if (ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/** Runs `create` (which makes the device exist) and, if the seat lacked `capability` before, waits as above. */
export const withNewDevice = (addon: WaylandAddon, capability: number, create: () => void, settleMs = SETTLE_MS): void => {
  const before = addon.seatCapabilities()
  create()
  if ((before & capability) !== 0) return
  const until = Date.now() + 2000
  while ((addon.seatCapabilities() & capability) === 0 && Date.now() < until) pause(5)
  pause(settleMs)
}
