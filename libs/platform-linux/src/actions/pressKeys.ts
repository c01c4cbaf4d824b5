import { PlatformError, type ActionOptions, type DeliveryStep, type KeyCombo, type StepJournal } from "@agent-desktop/platform"
import { Accessible } from "../atspi/Accessible.js"
import type { AtspiSession, ObjectRef } from "../atspi/AtspiSession.js"
import { AtspiState } from "../atspi/States.js"
import { timeoutFor } from "./Deadline.js"
import { keyboardEvent } from "./DeviceEvents.js"
import { KeySynth, keysymOf, modifierMask } from "./Keys.js"
import { physical, step } from "./Step.js"
import { StepLog } from "./StepLog.js"
import { ensureAppKeyboardFocus, refuseForeignKeyboardFocus } from "./keyboardFocusGuard.js"
import type { KeyboardFocusControl } from "../display/sessionWindows.js"
import { backendKeyboard, keyStep } from "../display/inputDelivery.js"

/**
 * Keys through the registry's DeviceEventController (lock modifiers, the key as a keysym, unlock), or through the
 * display-server backend's keyboard where the controller cannot reach the apps (Wayland: display/inputDelivery.ts).
 */
export const pressKeys = async (
  session: AtspiSession,
  combo: KeyCombo,
  window: ObjectRef | undefined,
  options: ActionOptions,
  journal?: StepJournal["Service"],
  keyboardFocus?: KeyboardFocusControl
): Promise<ReadonlyArray<DeliveryStep>> => {
  const keyboard = backendKeyboard()
  const keysym = keysymOf(combo.key)
  // A backend keyboard (Wayland) resolves and refuses key names itself, before anything is sent.
  if (keysym === undefined && keyboard === undefined) {
    throw new PlatformError({ code: "ACTION_NOT_SUPPORTED", message: `unknown key name: ${combo.key}` })
  }
  const steps = new StepLog(journal)
  if (window && options.headed) {
    const profile = await session.toolkits.profileOf(window.busName, timeoutFor(options.deadline))
    const frame = Accessible.of(session, window)
    if (profile.windowFocusBlursContent === true) {
      // GrabFocus on the window would take the focus off the field the keys are for: give the app's window the X
      // keyboard focus instead, where it lacks it.
      await ensureAppKeyboardFocus({
        session, busName: window.busName, title: () => frame.name(timeoutFor(options.deadline)), steps, deadline: options.deadline, control: keyboardFocus
      })
    } else {
      // Keys go to the focused window. GTK 4.8 answers GrabFocus on a window with NotSupported (gtk4-demo 4.8.3),
      // which refused every headed press: a refusal is no obstacle when the window is already the active one.
      await step(steps, "Component.GrabFocus(window)", () => frame.grabFocus(timeoutFor(options.deadline))).catch(async (error) => {
        const refused = error instanceof PlatformError && error.code === "ACTION_FAILED"
        const states = refused ? await frame.states(timeoutFor(options.deadline)).catch(() => undefined) : undefined
        if (!states?.has(AtspiState.active)) throw error
      })
    }
  }
  if (window && !options.headed) {
    const frame = Accessible.of(session, window)
    await refuseForeignKeyboardFocus({
      session, busName: window.busName, title: () => frame.name(timeoutFor(options.deadline)), deadline: options.deadline, control: keyboardFocus
    })
  }
  if (keyboard !== undefined) {
    await keyStep(steps, keyboard, combo.key, combo.modifiers)
    return steps.all
  }
  const mask = combo.modifiers.reduce((acc, modifier) => acc | modifierMask(modifier), 0)
  const dec = (keycode: number, synth: number) => keyboardEvent(session, keycode, "", synth, options.deadline)
  if (mask !== 0) await step(steps, "DeviceEventController.LockModifiers", dec(mask, KeySynth.lockModifiers), physical)
  try {
    await step(steps, `DeviceEventController.GenerateKeyboardEvent(${combo.key})`, dec(keysym!, KeySynth.sym), physical)
  } finally {
    if (mask !== 0) {
      await step(steps, "DeviceEventController.UnlockModifiers", dec(mask, KeySynth.unlockModifiers), physical, true).catch(() => false)
    }
  }
  return steps.all
}
