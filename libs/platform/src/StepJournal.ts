import * as Context from "effect/Context"
import type { DeliveryStep } from "./Actions.js"

/**
 * Where an adapter reports each message that may reach an app, one by one: `sending` right before the message goes
 * out, `answered` with its step once the app answered (or did not, as an `attempted` step). `sending` throws a
 * PlatformError (carrying the steps taken so far) when the attempt cannot be recorded — the adapter then sends
 * nothing more. The engine provides it around `act` and `pressKeys`; an adapter called without it delivers the same
 * way and only its returned steps are journalled.
 */
export class StepJournal extends Context.Service<StepJournal, {
  readonly sending: (step: DeliveryStep, stepsSoFar: ReadonlyArray<DeliveryStep>) => void
  readonly answered: (step: DeliveryStep) => void
}>()("@agent-desktop/platform/StepJournal") {}
