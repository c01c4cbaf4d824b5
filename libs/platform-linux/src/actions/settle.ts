import type { StateSet } from "../atspi/States.js"
import { pause, pollMs, pollTimeout, settleMs } from "./Deadline.js"

/**
 * Browsers apply a state change in their content process and report it a moment later (Firefox ESR 153, Chromium
 * 156: a check box read right after DoAction was still unchecked). Poll the states, bounded, until the change
 * shows, so the engine's read-back does not read too early; a change that never shows is left to the read-back.
 * `read` must read the states as the read-back reports them (actions/liveStates.ts).
 */
export const settle = async (read: (timeoutMs: number) => Promise<StateSet>, done: (states: StateSet) => boolean, deadline: number): Promise<void> => {
  for (let waited = 0; waited < settleMs; waited += pollMs) {
    const states = await read(pollTimeout(deadline)).catch(() => undefined)
    if (!states || done(states) || Date.now() + pollMs >= deadline) return
    await pause(pollMs)
  }
}

/**
 * After `Value.CurrentValue` is set: poll the value, bounded, until it is the one asked for or has moved at all (a
 * toolkit that clamps or rounds has then applied it), so the engine's read-back does not read the old value. GTK 3
 * and GTK 4.8 apply it before answering (measured on the fixture, gtk3-widget-factory 3.24.38, gtk4-demo): there the
 * first poll ends the wait.
 */
export const settleValue = async (read: (timeoutMs: number) => Promise<number>, before: number | undefined, wanted: number, deadline: number): Promise<void> => {
  for (let waited = 0; waited < settleMs; waited += pollMs) {
    const now = await read(pollTimeout(deadline)).catch(() => undefined)
    if (now === undefined || now === wanted || (before !== undefined && now !== before) || Date.now() + pollMs >= deadline) return
    await pause(pollMs)
  }
}
