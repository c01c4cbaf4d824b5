/**
 * Key names as the contract spells them (reference §1.4) -> X keysyms, and modifiers -> X modifier masks, for the
 * registry's DeviceEventController (which injects through XTEST).
 */
const named: Readonly<Record<string, number>> = {
  return: 0xff0d,
  enter: 0xff0d,
  escape: 0xff1b,
  esc: 0xff1b,
  tab: 0xff09,
  space: 0x20,
  backspace: 0xff08,
  delete: 0xffff,
  up: 0xff52,
  down: 0xff54,
  left: 0xff51,
  right: 0xff53,
  home: 0xff50,
  end: 0xff57,
  pageup: 0xff55,
  pagedown: 0xff56,
  insert: 0xff63
}

export const keysymOf = (key: string): number | undefined => {
  const lower = key.toLowerCase()
  const fixed = named[lower]
  if (fixed !== undefined) return fixed
  const fn = /^f([1-9]|1[0-2])$/.exec(lower)
  if (fn?.[1]) return 0xffbe + Number(fn[1]) - 1
  // Printable ASCII maps to its own code point (letters as lower case: shift is a modifier).
  if (key.length === 1) {
    const code = lower.charCodeAt(0)
    if (code >= 0x20 && code <= 0x7e) return code
  }
  return undefined
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
