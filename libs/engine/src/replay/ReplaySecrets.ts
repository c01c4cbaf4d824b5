/**
 * Secrets in a recording. Typed text never reaches the store (the journal redacts it), so a recording names what
 * to supply instead: `{ secret: NAME, env: AGENT_DESKTOP_SECRET_NAME }` in place of the text. A replay takes the
 * text from `--secret NAME=...` or from that environment variable, and refuses before anything is sent when
 * neither gives it.
 *
 * What is secret is decided per command and argument: whatever a person types (type's text, a clipboard text, a
 * text field's value, a key that could be one character of a password); what only names something the app shows
 * (an option to select, a numeric value of a slider, a shortcut like ctrl+s or return) is kept, since a replay
 * cannot choose the option or press the shortcut without it.
 */
import type { RecordedTarget, SecretMarker } from "./ReplayEvents.js"

export const SECRET_ENV_PREFIX = "AGENT_DESKTOP_SECRET_"

export const isSecretMarker = (value: unknown): value is SecretMarker =>
  typeof value === "object" && value !== null && typeof (value as SecretMarker).secret === "string" &&
  typeof (value as SecretMarker).env === "string"

/** Roles whose value is a number a person sets, not text a person types. */
const NUMERIC_ROLES: ReadonlySet<string> = new Set(["slider", "incrementor", "scrollbar", "progressbar", "spinbutton"])
const NUMBER = /^-?\d+(\.\d+)?$/

/** Keys that type nothing (a shortcut, a navigation key): never a piece of a password. */
const NON_PRINTING_KEYS: ReadonlySet<string> = new Set([
  "return", "enter", "kp_enter", "escape", "esc", "tab", "delete", "backspace", "up", "down", "left", "right", "home", "end",
  "pageup", "pagedown", "page_up", "page_down", "prior", "next", "insert", "menu"
])
const SHORTCUT_MODIFIERS: ReadonlySet<string> = new Set(["ctrl", "control", "alt", "option", "cmd", "command", "meta", "super"])

/** A key combination that can type a character (no shortcut modifier, a printing key) may be part of a password. */
export const comboMayType = (combo: string): boolean => {
  const parts = combo.trim().toLowerCase().split("+").map((part) => part.trim())
  const key = parts.pop() ?? ""
  if (parts.some((modifier) => SHORTCUT_MODIFIERS.has(modifier))) return false
  return !(NON_PRINTING_KEYS.has(key) || /^f([1-9]|1\d|2[0-4])$/.test(key))
}

/** The args of `command` that a recording must never keep (given its target, when it has one). */
export const secretArgs = (command: string, args: Readonly<Record<string, unknown>>, target: RecordedTarget | undefined): ReadonlyArray<string> => {
  switch (command) {
    case "type":
    case "clipboard-set":
      return ["text"]
    case "set-value": {
      const value = args["value"]
      const numeric = typeof value === "string" && NUMBER.test(value.trim()) && target !== undefined && NUMERIC_ROLES.has(target.role)
      return numeric ? [] : ["value"]
    }
    case "press":
      return typeof args["combo"] === "string" && !comboMayType(args["combo"]) ? [] : ["combo"]
    default:
      return []
  }
}

/** NAME for a secret typed into `target` (its accessible name, else its role, else the command), as an env-safe word. */
export const secretName = (command: string, target: RecordedTarget | undefined): string => {
  const basis = target?.name !== undefined && target.name.trim() !== "" ? target.name : target?.role ?? command
  const word = basis.normalize("NFKD").replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "").toUpperCase().slice(0, 40)
  return word === "" ? "TEXT" : /^\d/.test(word) ? `_${word}` : word
}

export const secretMarker = (name: string): SecretMarker => ({ secret: name, env: `${SECRET_ENV_PREFIX}${name}` })

/** `--secret NAME=VALUE` entries as a map; a malformed entry is reported by its position, never by its value. */
export const parseSecretFlags = (
  entries: ReadonlyArray<string>
): { readonly _tag: "Ok"; readonly secrets: ReadonlyMap<string, string> } | { readonly _tag: "Invalid"; readonly index: number } => {
  const secrets = new Map<string, string>()
  for (const [index, entry] of entries.entries()) {
    const eq = entry.indexOf("=")
    const name = eq < 0 ? "" : entry.slice(0, eq).trim()
    if (name === "" || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return { _tag: "Invalid", index }
    secrets.set(name, entry.slice(eq + 1))
  }
  return { _tag: "Ok", secrets }
}

export type SecretSource = "flag" | "environment" | "missing"

/** Where a recorded secret's text comes from now: `--secret NAME=...` first, then the environment variable it names. */
export const supplySecret = (
  marker: SecretMarker,
  flags: ReadonlyMap<string, string>,
  environment: Readonly<Record<string, string | undefined>>
): { readonly source: SecretSource; readonly value?: string } => {
  const flagged = flags.get(marker.secret)
  if (flagged !== undefined) return { source: "flag", value: flagged }
  const fromEnv = environment[marker.env]
  return fromEnv !== undefined ? { source: "environment", value: fromEnv } : { source: "missing" }
}
