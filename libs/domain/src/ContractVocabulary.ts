import { NATIVE_ID_KINDS } from "@agent-desktop/contracts/vocabulary"
import { AVAILABLE_ACTIONS, type AvailableAction } from "./AvailableActions.js"
import { isState, type State } from "./States.js"

export type NativeIdKind = (typeof NATIVE_ID_KINDS)[number]

const ACTION_SET: ReadonlySet<string> = new Set(AVAILABLE_ACTIONS)
const KIND_SET: ReadonlySet<string> = new Set(NATIVE_ID_KINDS)

export const isAvailableAction = (action: string): action is AvailableAction => ACTION_SET.has(action)

export const isNativeIdKind = (kind: string): kind is NativeIdKind => KIND_SET.has(kind)

/**
 * Platform states as the contract spells them: states outside the contract's vocabulary are left out. The list
 * itself is returned when every state is in the vocabulary (the usual case: no copy per node).
 */
export const contractStates = (states: ReadonlyArray<string>): ReadonlyArray<State> =>
  states.every(isState) ? states : states.filter(isState)

/** Platform actions as the contract's `available_actions` spell them (others left out; no copy when all are). */
export const contractActions = (actions: ReadonlyArray<string>): ReadonlyArray<AvailableAction> =>
  actions.every(isAvailableAction) ? actions : actions.filter(isAvailableAction)

/** A native id kind as the contract spells it: another kind is `unknown`. */
export const contractNativeIdKind = (kind: string): NativeIdKind => isNativeIdKind(kind) ? kind : "unknown"
