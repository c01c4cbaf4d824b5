/**
 * One delivery mechanism tried, as the engine records it (reference §5.1). Structurally identical to the platform
 * package's `DeliveryStep`, declared here so this package depends on nothing but the contract.
 */
export type StepOutcome = "attempted" | "skipped" | "succeeded"
export type StepMechanism = "semantic_api" | "physical_synthetic"

export interface DeliveryStep {
  readonly label: string
  /** `attempted` = sent, outcome not known (e.g. timed out); `skipped` = not sent (e.g. already in state). */
  readonly outcome: StepOutcome
  readonly mechanism?: StepMechanism
  readonly verified?: boolean
}
