/** What the engine asks an adapter to do to one element, and the evidence the adapter returns. */
import type { Role, Step } from "@agent-desktop/contracts"
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

export type StepOutcome = Step["outcome"]
export type StepMechanism = NonNullable<Step["mechanism"]>

/** One delivery mechanism tried, in order (the contract's `steps[]` entry). `attempted` = sent, outcome not known. */
export type DeliveryStep = Step

/** The element's state read back after an action; the engine checks roles and states against the contract. */
export interface PostState {
  /** The contract's role, as the adapter mapped it. */
  readonly role: Role
  readonly states: ReadonlyArray<string>
  readonly value?: string
  readonly enabled?: boolean
  readonly hidden?: boolean
  readonly offscreen?: boolean
  /**
   * Whether the toolkit reports expansion for this element at all (AT-SPI: EXPANDABLE or EXPANDED); false where it
   * never does (a GTK 2 menu opens its popup and changes no state), so no state can contradict an expand there.
   */
  readonly expandable?: boolean
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
