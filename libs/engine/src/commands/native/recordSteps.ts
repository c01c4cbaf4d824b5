import type { DeliveryStep } from "@agent-desktop/platform"
import type { Invocation } from "../../Invocation.js"

export const recordSteps = (invocation: Invocation["Service"], steps: ReadonlyArray<DeliveryStep>): void => {
  for (const step of steps) invocation.record(`step.${step.outcome}`, { ...step })
}
