/**
 * Text typed through the keyboard, one key per character: through the display server's keyboard channel where the
 * session has one (X11: XTEST with the layout's keys, a spare keycode of its own for each keysym the layout lacks),
 * else through the registry's DeviceEventController, which finds each keysym's key and shift level in the layout and
 * rebinds one reserved key for a keysym the layout lacks.
 */
import { keysymOfTextChar, PlatformError, type KeyboardInput } from "@agent-desktop/platform"
import * as Effect from "effect/Effect"
import type { AtspiSession } from "../atspi/AtspiSession.js"
import { pause } from "./Deadline.js"
import { keyboardEvent } from "./DeviceEvents.js"
import { KeySynth } from "./Keys.js"

/**
 * Between two characters outside ASCII through the controller, which types each on the same key, rebound per character;
 * a toolkit reads the keymap again when told it changed, and a rebinding it has not read yet types the previous
 * character (GTK 3's VTE typed "€é" as "€γγ" with no pause; 10 ms was enough there, so 40 leaves room for a busy app).
 */
export const REBIND_GAP_MS = 40

/** The keysym of each character, or INVALID_ARGS (nothing sent) naming the first character no key types. */
export const keysymsOfText = (text: string): ReadonlyArray<number> =>
  [...text].map((char) => {
    const keysym = keysymOfTextChar(char)
    if (keysym === undefined) {
      const code = `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`
      throw new PlatformError({
        code: "INVALID_ARGS",
        message: `the text holds ${code}, a control character no key types: nothing was sent`,
        details: { kind: "untypable_character", character: code },
        suggestion: "Leave the control character out (newline, tab and backspace are typed as their keys)"
      })
    }
    return keysym
  })

const outsideAscii = (keysym: number) => keysym > 0x7e && keysym < 0xff00

/**
 * Types `text` (whose keysyms are `keysyms`) in order (the send of one step: true once all went out). A failed send
 * throws with the earlier keys already typed, which the step reports as uncertain delivery. A keyboard channel that
 * refuses before sending anything (its native part missing) leaves the text to the controller.
 */
export const typeKeysyms = (
  session: AtspiSession,
  keyboard: KeyboardInput | undefined,
  text: string,
  keysyms: ReadonlyArray<number>,
  deadline: number
) =>
  async (): Promise<boolean> => {
    if (keyboard !== undefined) {
      const refused = await Effect.runPromise(keyboard.typeText(text)).then(() => undefined, (error: unknown) => {
        if (error instanceof PlatformError && error.steps !== undefined && error.steps.length === 0) return error
        throw error
      })
      if (refused === undefined) return true
    }
    let previous: number | undefined
    for (const keysym of keysyms) {
      if (previous !== undefined && outsideAscii(previous) && outsideAscii(keysym)) await pause(REBIND_GAP_MS)
      await keyboardEvent(session, keysym, "", KeySynth.sym, deadline)()
      previous = keysym
    }
    return true
  }
