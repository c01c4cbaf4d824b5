/** One delivery mechanism tried, as the engine records it (reference §5.1): the contract's `steps[]` entry. */
import type { Step } from "@agent-desktop/contracts"

export type StepOutcome = Step["outcome"]
export type StepMechanism = NonNullable<Step["mechanism"]>
export type DeliveryStep = Step
