import type { StateSet } from "../atspi/States.js"
import { pause, pollMs, pollTimeout, settleMs } from "./Deadline.js"

/**
 * Reads `read` every `pollMs` until `done` holds, for at most `settleMs` and never past the deadline. A failed read
 * ends the wait (the read-back will report what it finds). Answers the last value read.
 */
export const pollUntil = async <A>(
  read: (timeoutMs: number) => Promise<A>,
  done: (value: A) => boolean,
  deadline: number
): Promise<A | undefined> => {
  let last: A | undefined
  for (let waited = 0; waited < settleMs; waited += pollMs) {
    const failed = Symbol()
    const value = await read(pollTimeout(deadline)).catch(() => failed)
    if (value === failed) return last
    last = value as A
    if (done(last) || Date.now() + pollMs >= deadline) return last
    await pause(pollMs)
  }
  return last
}

/**
 * Browsers apply a state change in their content process and report it a moment later (Firefox ESR 153, Chromium
 * 156: a check box read right after DoAction was still unchecked). Poll the states, bounded, until the change
 * shows, so the engine's read-back does not read too early; a change that never shows is left to the read-back.
 * `read` must read the states as the read-back reports them (actions/liveStates.ts).
 */
export const settle = async (read: (timeoutMs: number) => Promise<StateSet>, done: (states: StateSet) => boolean, deadline: number): Promise<void> => {
  await pollUntil(read, done, deadline)
}

/**
 * After `Value.CurrentValue` was set: poll the value until it is the one asked for, or has moved at all (a widget may
 * round it to its step), bounded. Chromium 156 answers the Set at once and reports the new value of a range input a
 * moment later: read back at once, it was still the old one (a false ACTION_FAILED). GTK 3 and GTK 4.8 apply it
 * before answering (the fixture, gtk3-widget-factory 3.24.38, gtk4-demo): there the first poll ends the wait.
 */
export const settleValue = async (read: (timeoutMs: number) => Promise<number>, before: number | undefined, wanted: number, deadline: number): Promise<void> => {
  await pollUntil(read, (value) => value === wanted || (before !== undefined && value !== before), deadline)
}
