/**
 * The key vocabulary of the display-server layer: X keysym names (`minus`, `KP_Enter`, `XF86AudioMute`), which X11
 * and xkbcommon (Wayland) spell the same, and their values. The engine checks a key name against it before anything
 * is sent; a backend turns names into keysyms with it (or with its own library: both agree).
 */
import { KEYSYM_NAMES } from "./keysymNames.generated.js"

let byName: ReadonlyMap<string, number> | undefined
let byLowerName: ReadonlyMap<string, ReadonlyArray<string>> | undefined

const table = (): ReadonlyMap<string, number> => {
  if (byName) return byName
  const words = KEYSYM_NAMES.split(" ")
  const map = new Map<string, number>()
  for (let i = 0; i + 1 < words.length; i += 2) map.set(words[i]!, parseInt(words[i + 1]!, 16))
  byName = map
  return map
}

const lowerTable = (): ReadonlyMap<string, ReadonlyArray<string>> => {
  if (byLowerName) return byLowerName
  const map = new Map<string, Array<string>>()
  for (const name of table().keys()) {
    const lower = name.toLowerCase()
    map.set(lower, [...(map.get(lower) ?? []), name])
  }
  byLowerName = map
  return map
}

/** The keysym X assigns a character: Latin-1 is its code point, everything else 0x01000000 + the code point. */
export const keysymOfCodePoint = (code: number): number | undefined => {
  if (code < 0x20 || (code >= 0x7f && code < 0xa0) || code > 0x10ffff) return undefined
  return code <= 0xff ? code : 0x01000000 + code
}

export type KeyNameLookup =
  | { readonly _tag: "Known"; readonly name: string; readonly keysym: number }
  /** Only the letters' case differs from several names (`Greek_alpha`, `Greek_ALPHA`). */
  | { readonly _tag: "Ambiguous"; readonly candidates: ReadonlyArray<string> }
  | { readonly _tag: "Unknown" }

/**
 * A keysym name as X's XStringToKeysym reads it: an exact name, `U20AC` / `U+20AC` (a Unicode character), `0x...`
 * (a raw keysym); and, unlike X, a name whose case alone differs when only one name matches (`kp_enter`).
 */
export const lookupKeyName = (input: string): KeyNameLookup => {
  const exact = table().get(input)
  if (exact !== undefined) return { _tag: "Known", name: input, keysym: exact }
  const unicode = /^U\+?([0-9A-Fa-f]{2,6})$/.exec(input)
  if (unicode) {
    const keysym = keysymOfCodePoint(parseInt(unicode[1]!, 16))
    return keysym === undefined ? { _tag: "Unknown" } : { _tag: "Known", name: input, keysym }
  }
  const raw = /^0x([0-9A-Fa-f]{1,8})$/.exec(input)
  if (raw) {
    const keysym = parseInt(raw[1]!, 16)
    return keysym === 0 ? { _tag: "Unknown" } : { _tag: "Known", name: input, keysym }
  }
  const folded = lowerTable().get(input.toLowerCase()) ?? []
  const values = new Set(folded.map((name) => table().get(name)))
  if (folded.length > 0 && values.size === 1) return { _tag: "Known", name: folded[0]!, keysym: table().get(folded[0]!)! }
  if (folded.length > 1) return { _tag: "Ambiguous", candidates: folded }
  return { _tag: "Unknown" }
}

/** The keysym of an X keysym name (see `lookupKeyName`), or undefined. */
export const keysymOfName = (input: string): number | undefined => {
  const found = lookupKeyName(input)
  return found._tag === "Known" ? found.keysym : undefined
}

/** The keysym that types one character of text: newline, carriage return and tab are the keys that make them. */
export const keysymOfTextChar = (char: string): number | undefined => {
  switch (char) {
    case "\n":
    case "\r":
      return 0xff0d // Return
    case "\t":
      return 0xff09 // Tab
    case "\b":
      return 0xff08 // BackSpace
    default:
      return keysymOfCodePoint(char.codePointAt(0)!)
  }
}
