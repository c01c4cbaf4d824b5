/** The contract's state vocabulary (reference §2.3) and the `--state TOKEN[=true|false|1|0]` filter. */

import { STATES } from "@agent-desktop/contracts/vocabulary"

export { STATES }

export type State = (typeof STATES)[number]

const STATE_SET: ReadonlySet<string> = new Set(STATES)

export const isState = (input: string): input is State => STATE_SET.has(input)

/**
 * Enabled and visible are not states of their own (enabled = no `disabled`, visible = no `hidden`), but agents
 * ask for them, so the filter accepts them as the negation of the state they stand for.
 */
const NEGATED_TOKENS: Readonly<Record<string, State>> = { enabled: "disabled", visible: "hidden" }

/** One `--state` filter: the node must (expected true) or must not (false) carry `state`. */
export interface StateFilter {
  readonly state: State
  readonly expected: boolean
}

export type StateFilterParse =
  | { readonly _tag: "Ok"; readonly filter: StateFilter }
  | { readonly _tag: "Invalid"; readonly message: string; readonly suggestion: string }

const EXPECTED: Readonly<Record<string, boolean>> = { true: true, "1": true, false: false, "0": false }

export const parseStateFilter = (input: string): StateFilterParse => {
  const eq = input.indexOf("=")
  const token = (eq === -1 ? input : input.slice(0, eq)).trim().toLowerCase()
  const rawExpected = eq === -1 ? "true" : input.slice(eq + 1).trim().toLowerCase()
  const expected = EXPECTED[rawExpected]
  if (expected === undefined) {
    return {
      _tag: "Invalid",
      message: `Invalid --state '${input}': the value after '=' must be true, false, 1 or 0`,
      suggestion: `Write the filter as ${token || "checked"}=true or ${token || "checked"}=false.`
    }
  }
  if (isState(token)) return { _tag: "Ok", filter: { state: token, expected } }
  const negated = NEGATED_TOKENS[token]
  if (negated !== undefined) return { _tag: "Ok", filter: { state: negated, expected: !expected } }
  return {
    _tag: "Invalid",
    message: `Invalid --state '${input}': unknown state '${token}'`,
    suggestion: `Use one of: ${[...STATES, ...Object.keys(NEGATED_TOKENS)].join(", ")}.`
  }
}

export const matchesStateFilter = (states: ReadonlyArray<string>, filter: StateFilter): boolean =>
  states.includes(filter.state) === filter.expected
