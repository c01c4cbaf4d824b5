/**
 * The adapter's own physical input when AT-SPI's device event controller cannot deliver it. The controller injects
 * through X11 (XTEST), so on Wayland it reports success and no native client sees the key. A display-server backend
 * that has a keyboard channel (the Wayland backends) carries the adapter's keys and its pointer fallbacks instead;
 * on X11 there is none and the callers keep the controller.
 */
import { PlatformError, type InputModifier, type KeyboardInput, type ScreenPoint } from "@agent-desktop/platform"
import * as Effect from "effect/Effect"
import { physical } from "../actions/Step.js"
import type { StepLog } from "../actions/StepLog.js"
import { chooseDisplayServer } from "./chooseDisplayServer.js"

/**
 * The backend's keyboard channel, when keys must not go through the device event controller: every backend but
 * X11's, whose keyboard channel (XTEST) only types text the controller would type wrong (typeKeys.ts).
 */
export const backendKeyboard = (): KeyboardInput | undefined => {
  const server = chooseDisplayServer()
  return server.backend === "x11" ? undefined : server.keyboard
}

/**
 * One step of backend input, journalled before it goes out. A refusal before anything was sent (the backend's error
 * carries no steps: an unknown key, text outside the layout) is a skipped step and keeps its code; any other failure
 * may have delivered part of the input and is an attempted step.
 */
const backendStep = async (steps: StepLog, label: string, send: Effect.Effect<void, PlatformError>): Promise<void> => {
  steps.sending(physical(label, "attempted"))
  const outcome = await Effect.runPromise(Effect.result(send))
  if (outcome._tag === "Success") {
    steps.push(physical(label, "succeeded"))
    return
  }
  const error = outcome.failure
  const refusedBeforeSending = error.steps !== undefined && error.steps.length === 0
  steps.push(physical(label, refusedBeforeSending ? "skipped" : "attempted"))
  throw new PlatformError({
    code: error.code,
    message: error.message,
    ...(error.platformDetail === undefined ? {} : { platformDetail: error.platformDetail }),
    ...(error.details === undefined ? {} : { details: error.details }),
    ...(error.suggestion === undefined ? {} : { suggestion: error.suggestion }),
    steps: steps.all
  })
}

export const keyStep = (steps: StepLog, keyboard: KeyboardInput, key: string, modifiers: ReadonlyArray<InputModifier> = []) =>
  backendStep(steps, `${keyboard.label}(${[...modifiers, key].join("+")})`, keyboard.pressKey(key, modifiers))

export const textStep = (steps: StepLog, keyboard: KeyboardInput, text: string) =>
  backendStep(steps, `${keyboard.label}(string)`, keyboard.typeText(text))

/**
 * A left click (count 2: a double click) through the backend's pointer, when it has a keyboard channel (then the
 * device event controller's pointer does not reach native clients either); undefined when the controller is the way.
 */
export const backendClick = (point: ScreenPoint, count: 1 | 2): Effect.Effect<void, PlatformError> | undefined => {
  if (backendKeyboard() === undefined) return undefined
  return chooseDisplayServer().click(point, { button: "left", count, modifiers: [] })
}

export const clickStep = (steps: StepLog, label: string, click: Effect.Effect<void, PlatformError>) => backendStep(steps, label, click)
