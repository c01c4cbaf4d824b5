/**
 * Key names as the contract spells them (reference §1.4) -> X keysyms, and modifiers -> X modifier masks, for the
 * registry's DeviceEventController (which injects through XTEST).
 */
import { keysymOf as x11KeysymOf } from "@agent-desktop/platform-linux-x11"

/**
 * The keysym the registry's DeviceEventController is asked for: key names and function keys as the X11 addon's table
 * has them (one table for both input paths), a printable ASCII character as its own code point with letters in lower
 * case (shift is a modifier here), anything else undefined.
 */
export const keysymOf = (key: string): number | undefined => {
  if ([...key].length !== 1) return x11KeysymOf(key)
  const code = key.toLowerCase().charCodeAt(0)
  return code >= 0x20 && code <= 0x7e ? code : undefined
}

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
