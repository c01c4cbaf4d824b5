/** What the engine asks an adapter to do to one element, and the evidence the adapter returns. */
import type { ElementHandle } from "./TreeModel.js"

export type SemanticAction =
  | { readonly kind: "click" }
  | { readonly kind: "focus" }
  | { readonly kind: "toggle" }
  | { readonly kind: "expand" }
  | { readonly kind: "collapse" }
  | { readonly kind: "scroll_to" }
  | { readonly kind: "set_value"; readonly value: string }
  | { readonly kind: "type"; readonly text: string }
  | { readonly kind: "clear" }
  | { readonly kind: "select"; readonly value: string }

export type StepOutcome = "attempted" | "skipped" | "succeeded"
export type StepMechanism = "semantic_api" | "physical_synthetic"

/** One delivery mechanism tried, in order. `attempted` = sent, outcome not known (e.g. timed out). */
export interface DeliveryStep {
  readonly label: string
  readonly outcome: StepOutcome
  readonly mechanism?: StepMechanism
  readonly verified?: boolean
}

export interface PostState {
  readonly role: string
  readonly states: ReadonlyArray<string>
  readonly value?: string
  readonly enabled?: boolean
  readonly hidden?: boolean
  readonly offscreen?: boolean
}

export interface ActionTarget {
  readonly handle: ElementHandle
  readonly role: string
}

export interface ActionOptions {
  readonly headed: boolean
  /** Absolute deadline (epoch ms) for the whole delivery. */
  readonly deadline: number
}

/** Keys as the contract spells them: `ctrl+shift+a`, `return`, `f5`. */
export interface KeyCombo {
  readonly modifiers: ReadonlyArray<"ctrl" | "alt" | "shift" | "cmd">
  readonly key: string
}
