import { PlatformError, type DeliveryStep } from "@agent-desktop/platform"
import { AtspiState } from "../../atspi/States.js"
import type { ToolkitProfile } from "../../toolkits/ToolkitProfile.js"
import { isEditable, isKeyboardEditable, isTextRole, mapRole } from "../../tree/ContractNode.js"
import type { RawNode } from "../../tree/RawNode.js"
import type { ActContext } from "../ActContext.js"
import { pause, pollMs, pollTimeout, settleMs, timeoutFor } from "../Deadline.js"
import { keyboardEvent } from "../DeviceEvents.js"
import { declined } from "../Failures.js"
import { KeySynth, keysymOf, modifierMask } from "../Keys.js"
import { AppDirectory } from "../../atspi/AppDirectory.js"
import { ensureKeyboardFocus, windowTitleOf } from "../keyboardFocusGuard.js"
import { physical, step } from "../Step.js"
import { keysymsOfText, typeKeysyms } from "../typeKeys.js"
import { backendKeyboard, keyStep, textStep } from "../../display/inputDelivery.js"

/** Text that can only go in through the keyboard: no EditableText (Chromium) or an inert one (Firefox). */
export const needsKeyboard = (node: RawNode, profile: ToolkitProfile): boolean =>
  isKeyboardEditable(node) && (!isEditable(node) || profile.editableTextInert)

/**
 * A text element that takes keys but offers no way to edit its text (a terminal: VTE shows its screen through Text,
 * with no EditableText and no editable state): what is typed goes to the program behind it, so `type` sends keys
 * at its caret; `clear` and `set-value` have no meaning there.
 */
export const takesTypedKeys = (node: RawNode): boolean =>
  isTextRole(node) && node.states.has(AtspiState.focusable) && !node.states.has(AtspiState.readOnly) && !node.interfaces.includes("EditableText")

/** Browsers whose remote protocol the engine types through headless (engine sources/devtoolsTextEntry.ts). */
const remoteRoute: Readonly<Record<string, string>> = {
  chromium: ", or start the browser with a DevTools endpoint (launch --cdp), through which text goes in headless",
  gecko: ", or start Firefox with its WebDriver BiDi endpoint (launch firefox --cdp), through which text goes in headless"
}

/**
 * Headless, text that goes in only through keys is refused, nothing sent; the refusal says which of the two applies
 * (the headless route, EditableText, is missing or present and ignored) and carries the app's pid and the title of
 * the element's window, by which the engine finds the browser's DevTools endpoint and page where it has one (it
 * then focuses the element through AT-SPI and types through the protocol).
 */
const headlessRefusal = async ({ session, node, accessible, deadline }: ActContext): Promise<PlatformError> => {
  const inert = isEditable(node) && accessible.profile.editableTextInert
  const [pid, title] = await Promise.all([
    new AppDirectory(session).pidOf(node.ref.busName).catch(() => undefined),
    windowTitleOf(accessible, deadline).catch(() => undefined)
  ])
  return new PlatformError({
    code: "POLICY_DENIED",
    message: `this ${mapRole(node)} takes text only through synthesized key events (${
      inert ? `${accessible.profile.id} lists EditableText on it but leaves the field unchanged when it is used` : `${accessible.profile.id} gives it no EditableText`
    }); re-run with --headed to type it through the keyboard${
      remoteRoute[accessible.profile.id] ?? ""
    }`,
    details: {
      headed_required: true,
      toolkit: accessible.profile.id,
      reason: inert ? "editable_text_inert" : "no_editable_text",
      ...(pid === undefined ? {} : { app_pid: pid }),
      ...(title === undefined || title === "" ? {} : { window_title: title })
    }
  })
}

/**
 * Make sure the app's window has the X keyboard focus, focus the field, select its text (ctrl+a) when replacing,
 * and type through the registry's DeviceEventController (XTEST). Physical input: only with `--headed`; headless, a POLICY_DENIED that names the flag.
 */
export const keyboardEntry = async (
  context: ActContext,
  text: string,
  replace: boolean
): Promise<ReadonlyArray<DeliveryStep>> => {
  const { session, accessible, steps, deadline, options } = context
  const keysyms = keysymsOfText(text)
  if (!options.headed) throw await headlessRefusal(context)
  // The keys go to the X window with the keyboard focus: it must be this app's before anything is typed.
  await ensureKeyboardFocus(context)
  if (!(await step(steps, "Component.GrabFocus", () => accessible.grabFocus(timeoutFor(deadline))))) {
    throw declined(steps, "focus before typing")
  }
  // Focus moves asynchronously too: keys sent before it arrives land in the previously focused widget.
  for (let waited = 0; waited < settleMs; waited += pollMs) {
    const states = await accessible.states(pollTimeout(deadline)).catch(() => undefined)
    if (states?.has(AtspiState.focused) || Date.now() + pollMs >= deadline) break
    await pause(pollMs)
  }
  const dec = (keycode: number, synth: number) => keyboardEvent(session, keycode, "", synth, deadline)
  // Wayland: the device event controller reaches no native client; the backend's keyboard carries the keys.
  const keyboard = backendKeyboard()
  if (replace && keyboard !== undefined) {
    await keyStep(steps, keyboard, "a", ["ctrl"])
    await keyStep(steps, keyboard, "backspace")
  } else if (replace) {
    const ctrl = modifierMask("ctrl")
    await step(steps, "DeviceEventController.LockModifiers", dec(ctrl, KeySynth.lockModifiers), physical)
    try {
      await step(steps, "DeviceEventController.GenerateKeyboardEvent(ctrl+a)", dec(keysymOf("a")!, KeySynth.sym), physical)
    } finally {
      await step(steps, "DeviceEventController.UnlockModifiers", dec(ctrl, KeySynth.unlockModifiers), physical, true).catch(() => false)
    }
    await step(steps, "DeviceEventController.GenerateKeyboardEvent(BackSpace)", dec(keysymOf("backspace")!, KeySynth.sym), physical)
  }
  const before = replace ? "" : await accessible.text(timeoutFor(deadline)).catch(() => "")
  if (text !== "" && keyboard !== undefined) await textStep(steps, keyboard, text)
  else if (text !== "") {
    await step(steps, `Keyboard.typeText(${keysyms.length} keys)`, typeKeysyms(session, context.keyboard, text, keysyms, deadline), physical)
  }
  // Key events reach the field asynchronously (X server, toolkit, a browser's content process): wait, bounded,
  // until the text shows them, so the engine's read-back does not read too early. Not reaching it is no error
  // here; the read-back reports what it sees.
  const expected = replace ? text : undefined
  for (let waited = 0; waited < settleMs; waited += pollMs) {
    const now = await accessible.text(pollTimeout(deadline)).catch(() => undefined)
    if (now !== undefined && (expected !== undefined ? now === expected : now.length >= before.length + text.length)) break
    if (Date.now() + pollMs >= deadline) break
    await pause(pollMs)
  }
  return steps.all
}
