import type { DeliveryStep, StepJournal } from "@agent-desktop/platform"

/**
 * The steps of one delivery in the order they happened, each reported to the engine's journal as it happens:
 * `sending` before a message goes out (it throws when the attempt cannot be recorded, and then nothing is sent),
 * `push` once the message was answered or given up on.
 */
export class StepLog {
  readonly all: Array<DeliveryStep> = []

  constructor(private readonly journal: StepJournal["Service"] | undefined) {}

  sending(step: DeliveryStep): void {
    this.journal?.sending(step, this.all)
  }

  push(step: DeliveryStep): void {
    this.all.push(step)
    this.journal?.answered(step)
  }
}
