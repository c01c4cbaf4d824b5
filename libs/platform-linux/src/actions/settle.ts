import type { Accessible } from "../atspi/Accessible.js"
import type { StateSet } from "../atspi/States.js"
import { pause, pollMs, pollTimeout, settleMs } from "./Deadline.js"

/**
 * Browsers apply a state change in their content process and report it a moment later (Firefox ESR 153, Chromium
 * 156: a check box read right after DoAction was still unchecked). Poll the states, bounded, until the change
 * shows, so the engine's read-back does not read too early; a change that never shows is left to the read-back.
 */
export const settle = async (accessible: Accessible, done: (states: StateSet) => boolean, deadline: number): Promise<void> => {
  for (let waited = 0; waited < settleMs; waited += pollMs) {
    const states = await accessible.states(pollTimeout(deadline)).catch(() => undefined)
    if (!states || done(states) || Date.now() + pollMs >= deadline) return
    await pause(pollMs)
  }
}
