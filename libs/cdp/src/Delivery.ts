/** A step as the contract's `steps[]` records it. */
export interface CdpStep {
  readonly label: string
  readonly outcome: "attempted" | "skipped" | "succeeded"
  readonly mechanism: "semantic_api"
}

/**
 * Where an action reports each message that may change the page, before it is sent (`sending`, which may throw to
 * stop the action: the write-ahead journal could not record it) and once answered (`answered`). Read-only calls
 * (resolving a node, reading its box or its tree) are not reported: they cannot change the page.
 */
export interface DeliveryHooks {
  readonly sending: (step: CdpStep, stepsSoFar: ReadonlyArray<CdpStep>) => void
  readonly answered: (step: CdpStep) => void
}

export const NO_HOOKS: DeliveryHooks = { sending: () => undefined, answered: () => undefined }

/** The steps of one action, delivered through `hooks`; a failed send leaves its step `attempted`. */
export class StepLog {
  readonly steps: Array<CdpStep> = []

  constructor(private readonly hooks: DeliveryHooks) {}

  deliver = async <T>(label: string, send: () => Promise<T>): Promise<T> => {
    const attempted: CdpStep = { label, outcome: "attempted", mechanism: "semantic_api" }
    this.hooks.sending(attempted, this.steps)
    this.steps.push(attempted)
    const result = await send()
    const succeeded: CdpStep = { ...attempted, outcome: "succeeded" }
    this.steps[this.steps.length - 1] = succeeded
    this.hooks.answered(succeeded)
    return result
  }
}
