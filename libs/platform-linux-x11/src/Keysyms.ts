/** Keysyms by the contract's key names, and for any single character (X11's Unicode keysym rule). */

export const MODIFIER_KEYSYMS = {
  shift: 0xffe1, // Shift_L
  ctrl: 0xffe3, // Control_L
  alt: 0xffe9, // Alt_L
  cmd: 0xffeb // Super_L
} as const

const NAMED: Readonly<Record<string, number>> = {
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

/** The keysym of a key name (`return`, `f5`, `a`, `é`, `€`), or undefined. */
export const keysymOf = (key: string): number | undefined => {
  const lower = key.toLowerCase()
  const named = NAMED[lower]
  if (named !== undefined) return named
  const f = /^f([1-9]|1[0-9]|2[0-4])$/.exec(lower)
  if (f) return 0xffbe + Number(f[1]) - 1
  const chars = [...key]
  if (chars.length !== 1) return undefined
  const code = chars[0]!.codePointAt(0)!
  if (code < 0x20 || code === 0x7f) return undefined
  // Latin-1 keysyms equal their code points; everything else is 0x01000000 + code point.
  return code <= 0xff ? code : 0x01000000 + code
}
