/** The element a step acts on or reads, as a step result names it. */
import type { PlanStep } from "./ReplayPlan.js"
import type { StepTarget } from "./ReplayResult.js"

export const locatorTarget = (step: PlanStep): { target?: StepTarget } => {
  const locator = step.targets.ref_id ?? step.targets.from
  if (locator === undefined) return {}
  return {
    target: {
      role: locator.role,
      ...(locator.name === undefined ? {} : { name: locator.name }),
      app: locator.app,
      ...(locator.window === undefined ? {} : { window: locator.window })
    }
  }
}
