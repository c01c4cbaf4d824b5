import { PlatformError, type DeliveryStep } from "@agent-desktop/platform"
import { DbusCallError } from "../dbus/DbusCallError.js"
import type { StepLog } from "./StepLog.js"

export type StepMaker = (label: string, outcome: DeliveryStep["outcome"]) => DeliveryStep

export const semantic: StepMaker = (label, outcome) => ({ label, outcome, mechanism: "semantic_api" })
export const physical: StepMaker = (label, outcome) => ({ label, outcome, mechanism: "physical_synthetic" })

/**
 * Sends one call, journalled first; a reply of `false` is a declined step, no reply is an attempted one. A
 * clean-up call (releasing locked modifiers) goes out even when the journal cannot record it: leaving the user's
 * keyboard locked would be worse than an unrecorded release. Every message an action sends goes through here, one
 * call per message.
 */
export const step = async (
  steps: StepLog,
  label: string,
  send: () => Promise<boolean>,
  make: StepMaker = semantic,
  cleanup = false
): Promise<boolean> => {
  try {
    steps.sending(make(label, "attempted"))
  } catch (error) {
    if (!cleanup) throw error
  }
  try {
    const accepted = await send()
    steps.push(make(label, accepted ? "succeeded" : "skipped"))
    return accepted
  } catch (error) {
    if (error instanceof DbusCallError && (error.failure === "timeout" || error.failure === "disconnected")) {
      steps.push(make(label, "attempted"))
      throw new PlatformError({
        code: error.failure === "timeout" ? "TIMEOUT" : "APP_UNRESPONSIVE",
        message: `${label} was sent but no answer came back; it may have taken effect`,
        platformDetail: error.message,
        steps: steps.all
      })
    }
    if (error instanceof PlatformError && error.steps?.some((one) => one.outcome === "attempted") === true) {
      // A channel that may have sent part of it (keys typed before the X server refused one).
      steps.push(make(label, "attempted"))
      throw new PlatformError({ code: error.code, message: `${label}: ${error.message}`, ...(error.platformDetail ? { platformDetail: error.platformDetail } : {}), steps: steps.all })
    }
    steps.push(make(label, "skipped"))
    throw new PlatformError({ code: "ACTION_FAILED", message: `${label} was rejected`, platformDetail: String(error), steps: steps.all })
  }
}
