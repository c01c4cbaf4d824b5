/**
 * The `--wait-for` / `--wait-for-gone` selector `role:text`, split at the first `:` so the text may contain
 * colons ("button:Submit", "button", ":Saved!"). Text matches name, value or description.
 */
import { normalizeRole, type Role } from "./Roles.js"

export interface WaitSelector {
  readonly role?: Role
  readonly text?: string
}

export type WaitSelectorParse =
  | { readonly _tag: "Ok"; readonly selector: WaitSelector }
  | { readonly _tag: "Invalid"; readonly message: string; readonly suggestion: string }

const SUGGESTION = "Write the selector as role:text, for example button:Submit, button, or :Saved!"

export const parseWaitSelector = (input: string): WaitSelectorParse => {
  const colon = input.indexOf(":")
  const rawRole = (colon === -1 ? input : input.slice(0, colon)).trim()
  const text = colon === -1 ? "" : input.slice(colon + 1)
  if (rawRole === "" && text === "") {
    return { _tag: "Invalid", message: `Invalid selector '${input}': it names neither a role nor text`, suggestion: SUGGESTION }
  }
  if (rawRole === "") return { _tag: "Ok", selector: { text } }
  const role = normalizeRole(rawRole)
  if (role === undefined) {
    return { _tag: "Invalid", message: `Invalid selector '${input}': unknown role '${rawRole}'`, suggestion: SUGGESTION }
  }
  return { _tag: "Ok", selector: text === "" ? { role } : { role, text } }
}
