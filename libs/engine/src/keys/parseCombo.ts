import type { KeyCombo } from "@agent-desktop/platform"

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
  "cmd+q", "ctrl+q", "ctrl+cmd+q", "alt+cmd+escape", "cmd+shift+delete", "alt+f4", "ctrl+alt+delete", "ctrl+alt+backspace",
  "cmd+shift+q", "ctrl+shift+q"
])

const setKey = (keys: ReadonlyArray<string>) => [...keys].sort().join("+")
const DANGEROUS_SETS: ReadonlySet<string> = new Set([...DANGEROUS].map((combo) => setKey(combo.split("+"))))

export type ComboParse =
  | { readonly _tag: "Ok"; readonly combo: KeyCombo; readonly dangerous: boolean }
  | { readonly _tag: "Invalid"; readonly message: string }

/** `mod+mod+key` (reference §1.4): modifiers cmd|ctrl|alt|shift (+ aliases), one key. */
export const parseCombo = (input: string): ComboParse => {
  const parts = input.trim().toLowerCase().split("+").map((part) => part.trim())
  const rawKey = parts.pop() ?? ""
  const modifiers: Array<KeyCombo["modifiers"][number]> = []
  for (const part of parts) {
    const modifier = MODIFIERS[part]
    if (modifier === undefined) return { _tag: "Invalid", message: `Unknown modifier '${part}' in '${input}'` }
    if (!modifiers.includes(modifier)) modifiers.push(modifier)
  }
  const key = NAMED_KEYS[rawKey] ?? (/^f([1-9]|1[0-2])$/.test(rawKey) || /^[a-z0-9]$/.test(rawKey) ? rawKey : undefined)
  if (key === undefined) return { _tag: "Invalid", message: `Unknown key '${rawKey}' in '${input}'` }
  // A bare capital letter (`press A`) is that letter with shift, as typed: lower-casing it sent `a`.
  if (parts.length === 0 && /^[A-Z]$/.test(input.trim())) modifiers.push("shift")
  const order = ["ctrl", "alt", "shift", "cmd"] as const
  return {
    _tag: "Ok",
    combo: { modifiers: order.filter((m) => modifiers.includes(m)), key },
    dangerous: DANGEROUS_SETS.has(setKey([...modifiers, key]))
  }
}
