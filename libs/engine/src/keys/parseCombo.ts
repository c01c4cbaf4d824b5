import { lookupKeyName, type KeyCombo } from "@agent-desktop/platform"

const MODIFIERS: Readonly<Record<string, KeyCombo["modifiers"][number]>> = {
  cmd: "cmd", command: "cmd", meta: "cmd", super: "cmd", ctrl: "ctrl", control: "ctrl", alt: "alt", option: "alt", shift: "shift"
}

const NAMED_KEYS: Readonly<Record<string, string>> = {
  return: "return", enter: "return", escape: "escape", esc: "escape", tab: "tab", space: "space",
  delete: "delete", backspace: "backspace", up: "up", down: "down", left: "left", right: "right",
  home: "home", end: "end", pageup: "pageup", pagedown: "pagedown"
}

/**
 * Combos that end sessions or apps: refused (POLICY_DENIED) unless `--force`. ctrl+q is Linux's cmd+q: GTK, Qt,
 * LibreOffice and the browsers quit on it (mousepad put up its quit dialog when a probe sent it).
 */
const DANGEROUS: ReadonlySet<string> = new Set([
  "cmd+q", "ctrl+q", "ctrl+cmd+q", "alt+cmd+escape", "cmd+shift+delete", "alt+f4", "ctrl+alt+delete", "ctrl+alt+kp_delete", "ctrl+alt+backspace",
  "cmd+shift+q", "ctrl+shift+q"
])

const setKey = (keys: ReadonlyArray<string>) => [...keys].sort().join("+")
const DANGEROUS_SETS: ReadonlySet<string> = new Set([...DANGEROUS].map((combo) => setKey(combo.split("+"))))

export type ComboParse =
  | { readonly _tag: "Ok"; readonly combo: KeyCombo; readonly dangerous: boolean }
  | { readonly _tag: "Invalid"; readonly message: string }

/**
 * The key of a combo: a name of ours (`return`, `esc`, `pageup`; any case), a function key up to F24, one character
 * (`-`, `/`, `é`, `€`), or any X keysym name (`minus`, `greater`, `KP_Enter`, `XF86AudioMute`; case-sensitive as X
 * spells them, or differing only in case when that names one keysym).
 */
const keyOf = (raw: string): { readonly key: string } | { readonly invalid: string } => {
  const lower = raw.toLowerCase()
  const named = NAMED_KEYS[lower]
  if (named !== undefined) return { key: named }
  if (/^f([1-9]|1[0-9]|2[0-4])$/.test(lower)) return { key: lower }
  if ([...raw].length === 1) {
    const code = raw.codePointAt(0)!
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return { invalid: `'${JSON.stringify(raw).slice(1, -1)}' is a control character, not a key` }
    return { key: /^[A-Z]$/.test(raw) ? lower : raw }
  }
  const found = lookupKeyName(raw)
  switch (found._tag) {
    case "Known":
      return { key: found.name }
    case "Ambiguous":
      return { invalid: `'${raw}' could be any of ${found.candidates.join(", ")} (X keysym names are case-sensitive)` }
    case "Unknown":
      return { invalid: `Unknown key '${raw}'` }
  }
}

/**
 * `mod+mod+key` (reference §1.4): modifiers cmd|ctrl|alt|shift (+ aliases, any case), one key (see keyOf). `+` itself
 * is a key too: `+`, `ctrl++`, or its name `plus`.
 */
export const parseCombo = (input: string): ComboParse => {
  const trimmed = input.trim()
  const plusKey = trimmed === "+" || trimmed.endsWith("++")
  const parts = (plusKey ? trimmed.slice(0, -1) : trimmed).split("+").map((part) => part.trim())
  const rawKey = plusKey ? "+" : parts.pop() ?? ""
  if (plusKey) parts.pop()
  const modifiers: Array<KeyCombo["modifiers"][number]> = []
  for (const part of parts) {
    const modifier = MODIFIERS[part.toLowerCase()]
    if (modifier === undefined) return { _tag: "Invalid", message: `Unknown modifier '${part}' in '${input}'` }
    if (!modifiers.includes(modifier)) modifiers.push(modifier)
  }
  if (rawKey === "") return { _tag: "Invalid", message: `No key in '${input}'` }
  const key = keyOf(rawKey)
  if ("invalid" in key) return { _tag: "Invalid", message: `${key.invalid} in '${input}'` }
  // A bare capital letter (`press A`) is that letter with shift, as typed: lower-casing it sent `a`.
  if (parts.length === 0 && /^[A-Z]$/.test(rawKey)) modifiers.push("shift")
  const order = ["ctrl", "alt", "shift", "cmd"] as const
  return {
    _tag: "Ok",
    combo: { modifiers: order.filter((m) => modifiers.includes(m)), key: key.key },
    dangerous: DANGEROUS_SETS.has(setKey([...modifiers, key.key.toLowerCase()]))
  }
}
