/**
 * Key names as the contract spells them (reference §1.4) -> X keysyms, and modifiers -> X modifier masks, for the
 * registry's DeviceEventController (which injects through XTEST).
 */
import { keysymOfName } from "@agent-desktop/platform"
import { keysymOf as x11KeysymOf } from "@agent-desktop/platform-linux-x11"

/**
 * The keysym the registry's DeviceEventController is asked for: our key names and function keys as the X11 addon's
 * table has them (one table for both input paths), any X keysym name (`minus`, `KP_Enter`), and one character as X
 * numbers it (an ASCII letter in lower case: shift is a modifier here). The controller finds the key and shift level
 * that type it in the session's layout, and binds a spare keycode for a keysym the layout lacks (`€`, `α`).
 */
export const keysymOf = (key: string): number | undefined =>
  x11KeysymOf(/^[A-Z]$/.test(key) ? key.toLowerCase() : key) ?? keysymOfName(key)

export const modifierMask = (modifier: "ctrl" | "alt" | "shift" | "cmd"): number => {
  switch (modifier) {
    case "shift": return 1
    case "ctrl": return 4
    case "alt": return 8
    case "cmd": return 64 // Super (Mod4)
  }
}

/** AtspiKeySynthType values used with GenerateKeyboardEvent. */
export const KeySynth = { sym: 3, string: 4, lockModifiers: 5, unlockModifiers: 6 } as const
