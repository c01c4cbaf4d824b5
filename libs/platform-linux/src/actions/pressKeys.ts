import { PlatformError, type KeyboardInput, type ActionOptions, type DeliveryStep, type KeyCombo, type StepJournal } from "@agent-desktop/platform"
import { Accessible } from "../atspi/Accessible.js"
import type { AtspiSession, ObjectRef } from "../atspi/AtspiSession.js"
import { AtspiState } from "../atspi/States.js"
import { timeoutFor } from "./Deadline.js"
import { keyboardEvent } from "./DeviceEvents.js"
import { KeySynth, keysymOf, modifierMask } from "./Keys.js"
import { physical, step } from "./Step.js"
import { StepLog } from "./StepLog.js"
import { confirmAppKeyboardFocus, ensureAppKeyboardFocus, refuseForeignKeyboardFocus } from "./keyboardFocusGuard.js"
import { keysymsOfText, typeKeysyms } from "./typeKeys.js"
import { keyboardFocusControl, type KeyboardFocusControl } from "../display/sessionWindows.js"
import { pollUntil } from "./settle.js"
import { backendKeyboard, keyStep, textStep } from "../display/inputDelivery.js"

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
    throw new PlatformError({ code: "INVALID_ARGS", message: `unknown key name: ${combo.key}: nothing was sent`, details: { kind: "unknown_key" } })
  }
  const steps = new StepLog(journal)
  await keysGoTo(session, window, options, steps, keyboardFocus)
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

/**
 * Text typed through the keyboard into whatever holds the keyboard focus (a terminal, a Tk entry, a canvas: where
 * no element takes text through AT-SPI), one key per character; the same rules as `pressKeys` for the window. The
 * step's label never carries the text.
 */
export const typeText = async (
  session: AtspiSession,
  text: string,
  window: ObjectRef | undefined,
  options: ActionOptions,
  journal?: StepJournal["Service"],
  keyboardFocus?: KeyboardFocusControl,
  keyboard?: KeyboardInput
): Promise<ReadonlyArray<DeliveryStep>> => {
  const keysyms = keysymsOfText(text)
  const steps = new StepLog(journal)
  await keysGoTo(session, window, options, steps, keyboardFocus)
  // Wayland: the backend's keyboard, which refuses what the session's layout cannot type before sending anything.
  const backend = backendKeyboard()
  if (backend !== undefined) await textStep(steps, backend, text)
  else await step(steps, `Keyboard.typeText(${keysyms.length} keys)`, typeKeysyms(session, keyboard, text, keysyms, options.deadline), physical)
  return steps.all
}

/**
 * Before keys go out to `window`'s app: headed, its window gets the focus; headless, keys are refused while another
 * app's window holds the keyboard focus. Without a window, keys go wherever the focus is.
 */
/**
 * A display-server keyboard (Wayland) types into the focused window, and where the display server cannot say which
 * window that is (GNOME Shell tells an ordinary client nothing, and no client may focus a window there) the
 * toolkit's own word is the check: the app's window must be ACTIVE on AT-SPI (GTK 3, GTK 4 and Qt 5 set it on the
 * window the compositor activated). Otherwise no key is sent: they would land in another app.
 */
const refuseInactiveWindow = async (
  session: AtspiSession,
  window: ObjectRef,
  options: ActionOptions,
  steps: StepLog,
  keyboardFocus?: KeyboardFocusControl
): Promise<void> => {
  if (backendKeyboard() === undefined) return
  const control = keyboardFocus ?? keyboardFocusControl()
  if ((await control.focus(timeoutFor(options.deadline)).catch(() => ({ kind: "unknown" as const }))).kind !== "unknown") return
  const frame = Accessible.of(session, window)
  const states = await pollUntil((timeoutMs) => frame.states(timeoutMs), (s) => s.has(AtspiState.active), options.deadline)
  if (states?.has(AtspiState.active) === true) return
  const title = await frame.name(timeoutFor(options.deadline)).catch(() => "")
  throw new PlatformError({
    code: "ACTION_FAILED",
    message: `this app's window${title ? ` "${title}"` : ""} is not the active one, and this display server neither says which window has the keyboard focus nor lets a client give it: no key was sent, since the keys would have gone to the active window`,
    details: { kind: "window_not_active" },
    suggestion: "Bring the app's window to the front (a click on it with --headed mouse-click, or the user), then press again",
    steps: steps.all
  })
}

const keysGoTo = async (
  session: AtspiSession,
  window: ObjectRef | undefined,
  options: ActionOptions,
  steps: StepLog,
  keyboardFocus?: KeyboardFocusControl
): Promise<void> => {
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
      // which refused every headed press: a refusal is no obstacle when the window is already the active one. GTK 4.8
      // sets no ACTIVE on a dialog either (gnome-text-editor 43's Save As): then the keys go only where the app is
      // known to hold the X keyboard focus (given it where another app's window has it); a focus that cannot be told
      // keeps the refusal.
      await step(steps, "Component.GrabFocus(window)", () => frame.grabFocus(timeoutFor(options.deadline))).catch(async (error) => {
        const refused = error instanceof PlatformError && error.code === "ACTION_FAILED"
        const states = refused ? await frame.states(timeoutFor(options.deadline)).catch(() => undefined) : undefined
        if (states?.has(AtspiState.active)) return
        if (!refused) throw error
        const held = await confirmAppKeyboardFocus({
          session, busName: window.busName, title: () => frame.name(timeoutFor(options.deadline)), steps, deadline: options.deadline, control: keyboardFocus
        })
        // Where the display server cannot tell the focus either, the refusal names the inactive window.
        if (!held) await refuseInactiveWindow(session, window, options, steps, keyboardFocus)
        if (!held) throw error
      })
    }
  }
  if (window) await refuseInactiveWindow(session, window, options, steps, keyboardFocus)
  if (window && !options.headed) {
    const frame = Accessible.of(session, window)
    await refuseForeignKeyboardFocus({
      session, busName: window.busName, title: () => frame.name(timeoutFor(options.deadline)), deadline: options.deadline, control: keyboardFocus
    })
  }
}
