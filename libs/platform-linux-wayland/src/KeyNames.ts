/**
 * The contract's key names (`return`, `esc`, `pageup`, `f5`, a single character) as keysyms, through xkbcommon: named
 * keys by their xkb names, characters by xkbcommon's own character→keysym rule (legacy keysyms such as EuroSign where
 * a keymap would carry them, else the Unicode keysym), and anything else by its xkb keysym name (`XF86AudioMute`).
 */

/** The contract's modifier names and the left-hand key that holds each. */
export const MODIFIER_KEYSYM_NAMES = {
  shift: "Shift_L",
  ctrl: "Control_L",
  alt: "Alt_L",
  cmd: "Super_L"
} as const

export type Modifier = keyof typeof MODIFIER_KEYSYM_NAMES

const NAMED: Readonly<Record<string, string>> = {
  return: "Return",
  enter: "Return",
  escape: "Escape",
  esc: "Escape",
  tab: "Tab",
  space: "space",
  backspace: "BackSpace",
  delete: "Delete",
  up: "Up",
  down: "Down",
  left: "Left",
  right: "Right",
  home: "Home",
  end: "End",
  pageup: "Prior",
  pagedown: "Next",
  insert: "Insert"
}

export interface KeysymSource {
  readonly keysymFromName: (name: string) => number
  readonly keysymFromChar: (codePoint: number) => number
}

/** Control characters in typed text that are keys. */
const TEXT_KEYS: Readonly<Record<string, string>> = { "\n": "Return", "\r": "Return", "\t": "Tab", "\b": "BackSpace" }

/** The keysym of a key name, or undefined when xkbcommon knows none. */
export const keysymOfKey = (xkb: KeysymSource, key: string): number | undefined => {
  const lower = key.toLowerCase()
  const named = NAMED[lower] ?? (/^f([1-9]|1[0-9]|2[0-4])$/.test(lower) ? lower.toUpperCase() : undefined)
  if (named !== undefined) return nonZero(xkb.keysymFromName(named))
  const chars = [...key]
  if (chars.length === 1) return keysymOfChar(xkb, chars[0]!)
  return nonZero(xkb.keysymFromName(key))
}

/** The keysym that types one character of text (newline and tab are keys). */
export const keysymOfChar = (xkb: KeysymSource, char: string): number | undefined => {
  const key = TEXT_KEYS[char]
  if (key !== undefined) return nonZero(xkb.keysymFromName(key))
  const code = char.codePointAt(0)!
  if (code < 0x20 || code === 0x7f) return undefined
  return nonZero(xkb.keysymFromChar(code))
}

const nonZero = (keysym: number): number | undefined => (keysym === 0 ? undefined : keysym)
