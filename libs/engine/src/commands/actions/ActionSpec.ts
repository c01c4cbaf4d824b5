import type { PostState, SemanticAction } from "@agent-desktop/platform"

/**
 * What each ref action sends and, for the stateful ones (contract 2.4), what its readback must show.
 * `satisfied` says the element is already in the requested state, so nothing is sent (check/uncheck, expand/collapse).
 */
export interface ActionSpec {
  /** `input`: the command's TEXT (type) or VALUE (set-value, select), as its spec's positionals take them. */
  readonly action: (input: { readonly text?: string; readonly value?: string }) => SemanticAction
  readonly satisfied?: (states: ReadonlyArray<string>) => boolean
  /** Compare the readback with the request: true confirms, false contradicts, undefined = no evidence either way. */
  readonly verify?: (post: PostState, before: ReadonlyArray<string>, input: { readonly text?: string; readonly value?: string }) => boolean | undefined
  /**
   * The readback shows a state the action passes through on its way (a tri-state box left half way): the action is
   * sent once more, once, and read back again.
   */
  readonly halfway?: (post: PostState) => boolean
}

const has = (states: ReadonlyArray<string>, state: string) => states.includes(state)
/**
 * A tri-state box half way is neither checked nor unchecked: Qt 5.15 reports a partially checked box as `checked`
 * and `indeterminate` (styles example), so `check` on it must act, not answer "already checked".
 */
const fullyChecked = (states: ReadonlyArray<string>) => has(states, "checked") && !has(states, "indeterminate")
const fullyUnchecked = (states: ReadonlyArray<string>) => !has(states, "checked") && !has(states, "indeterminate")
const checkState = (states: ReadonlyArray<string>) => `${has(states, "checked")}/${has(states, "indeterminate")}`

export const ACTION_SPECS: Readonly<Record<string, ActionSpec>> = {
  click: { action: () => ({ kind: "click" }) },
  focus: { action: () => ({ kind: "focus" }) },
  "scroll-to": { action: () => ({ kind: "scroll_to" }) },
  select: { action: ({ value }) => ({ kind: "select", value: value ?? "" }) },
  type: {
    action: ({ text }) => ({ kind: "type", text: text ?? "" }),
    verify: (post, _before, { text }) => post.value === undefined ? undefined : post.value.includes(text ?? "")
  },
  "set-value": {
    action: ({ value }) => ({ kind: "set_value", value: value ?? "" }),
    verify: (post, _before, { value }) => {
      if (post.value === undefined) return undefined
      if (post.value === value) return true
      // Numeric widgets may print 5 as "5.0"; compare as numbers when both sides are numbers.
      const wanted = Number(value)
      return value !== undefined && value.trim() !== "" && !Number.isNaN(wanted) && Number(post.value) === wanted
    }
  },
  clear: {
    action: () => ({ kind: "clear" }),
    verify: (post) => post.value === undefined ? undefined : post.value === ""
  },
  toggle: {
    action: () => ({ kind: "toggle" }),
    verify: (post, before) => checkState(post.states) !== checkState(before)
  },
  // Qt 5.15's tri-state boxes cycle unchecked -> partial -> checked: one toggle from unchecked lands half way.
  check: {
    action: () => ({ kind: "toggle" }),
    satisfied: fullyChecked,
    verify: (post) => fullyChecked(post.states),
    halfway: (post) => has(post.states, "indeterminate")
  },
  uncheck: {
    action: () => ({ kind: "toggle" }),
    satisfied: fullyUnchecked,
    verify: (post) => fullyUnchecked(post.states),
    halfway: (post) => has(post.states, "indeterminate")
  },
  expand: {
    action: () => ({ kind: "expand" }),
    satisfied: (states) => has(states, "expanded"),
    verify: (post) => has(post.states, "expanded")
  },
  collapse: {
    action: () => ({ kind: "collapse" }),
    satisfied: (states) => !has(states, "expanded"),
    verify: (post) => !has(post.states, "expanded")
  }
}
