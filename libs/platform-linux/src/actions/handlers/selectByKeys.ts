/**
 * `select` on a combo box that takes a choice only from input devices (profile `comboChoiceNeedsInput`: GTK 4.8
 * drop-downs, where SelectChild on the popup's list answers true and changes nothing). Headed: open its popup with
 * its button's action, find the item by its label, move the popup list's focus there with down/up keys and press
 * return, then wait (bounded) until the popup has closed. Headless: POLICY_DENIED naming --headed, nothing sent.
 */
import { PlatformError, type DeliveryStep } from "@agent-desktop/platform"
import { isNullRef, type Accessible } from "../../atspi/Accessible.js"
import { AtspiRole } from "../../atspi/Roles.js"
import { AtspiState } from "../../atspi/States.js"
import { liveItemName } from "../../tree/NameFromContent.js"
import type { ActContext } from "../ActContext.js"
import { pause, pollMs, settleMs, timeoutFor } from "../Deadline.js"
import { keyboardEvent } from "../DeviceEvents.js"
import { ensureKeyboardFocus } from "../keyboardFocusGuard.js"
import { doAction } from "../doAction.js"
import { inspectNode } from "../inspectNode.js"
import { KeySynth, keysymOf } from "../Keys.js"
import { physical, step } from "../Step.js"
import { matchItem } from "./matchItem.js"
import { backendKeyboard, keyStep } from "../../display/inputDelivery.js"

/** How deep below the combo box its button and its popup's list are looked for (gtk4-demo 4.8.3: 1 and 5). */
const buttonDepth = 2
const listDepth = 6

/** The first descendant (breadth first, at most `depth` levels down) that `accept`s, or undefined. */
const findBelow = async (root: Accessible, depth: number, timeoutMs: () => number, accept: (node: Accessible, role: number) => Promise<boolean>): Promise<Accessible | undefined> => {
  let level: ReadonlyArray<Accessible> = [root]
  for (let d = 0; d < depth && level.length > 0; d++) {
    const next: Array<Accessible> = []
    for (const node of level) {
      for (const child of await node.children(timeoutMs()).catch(() => [])) {
        if (isNullRef(child)) continue
        const accessible = node.sibling(child.path)
        const role = await accessible.role(timeoutMs()).catch(() => -1)
        if (await accept(accessible, role)) return accessible
        next.push(accessible)
      }
    }
    level = next
  }
  return undefined
}

const popupList = (combo: Accessible, deadline: number) =>
  findBelow(combo, listDepth, () => timeoutFor(deadline), async (node, role) =>
    role === AtspiRole.list && (await node.interfaces(timeoutFor(deadline)).catch((): ReadonlyArray<string> => [])).includes("Selection"))

/** The items of the popup's list, their labels, and the one that has the keyboard focus (else the selected one). */
const listItems = async (list: Accessible, deadline: number) => {
  const items = (await list.children(timeoutFor(deadline))).filter((ref) => !isNullRef(ref)).map((ref) => list.sibling(ref.path))
  const [names, states] = await Promise.all([
    Promise.all(items.map((item) => liveItemName(item, list.profile.placeholderNames, timeoutFor(deadline)).catch(() => ""))),
    Promise.all(items.map((item) => item.states(timeoutFor(deadline)).catch(() => undefined)))
  ])
  const focused = states.findIndex((s) => s?.has(AtspiState.focused))
  return { names, current: focused >= 0 ? focused : states.findIndex((s) => s?.has(AtspiState.selected)) }
}

export const selectByKeys = async (context: ActContext, value: string): Promise<ReadonlyArray<DeliveryStep>> => {
  const { session, node, accessible, steps, deadline, options } = context
  if (!options.headed) {
    throw new PlatformError({
      code: "POLICY_DENIED",
      message: "this combo box takes a choice only from pointer or keyboard input (selecting in its popup's list through AT-SPI changes nothing); re-run with --headed to open it and choose with the keyboard",
      details: { headed_required: true, toolkit: accessible.profile.id }
    })
  }
  // The keys go to whichever window holds the X keyboard focus: make sure it is this app's before the popup opens.
  await ensureKeyboardFocus(context)
  const keyboard = backendKeyboard()
  const key = (name: string) => keyboard !== undefined
    ? keyStep(steps, keyboard, name).then(() => true)
    : step(steps, `DeviceEventController.GenerateKeyboardEvent(${name})`, keyboardEvent(session, keysymOf(name)!, "", KeySynth.sym, deadline), physical)
  let list = await popupList(accessible, deadline)
  if (!list) {
    const button = await findBelow(accessible, buttonDepth, () => timeoutFor(deadline), async (_node, role) => role === AtspiRole.pushButton)
    const buttonNode = button && await inspectNode(session, button.ref, timeoutFor(deadline))
    const click = buttonNode?.actions?.indexOf("click") ?? -1
    if (!buttonNode || click < 0) {
      throw new PlatformError({ code: "ACTION_NOT_SUPPORTED", message: "this combo box has no button that opens its popup; nothing was sent", details: { role: "combobox" } })
    }
    await doAction(session, steps, buttonNode, click, deadline)
    for (let waited = 0; !list && waited < settleMs && Date.now() + pollMs < deadline; waited += pollMs) {
      await pause(pollMs)
      list = await popupList(accessible, deadline)
    }
    if (!list) throw new PlatformError({ code: "ACTION_FAILED", message: "the combo box's popup did not open", steps: steps.all })
  }
  const { names, current } = await listItems(list, deadline)
  const target = matchItem(names, value)
  if (target < 0 || current < 0) {
    await key("escape")
    throw new PlatformError({
      code: "ELEMENT_NOT_FOUND",
      message: target < 0 ? `no item named "${value}" in the popup (it was opened and closed again)` : "no item of the popup has the keyboard focus; it was closed again",
      details: { available: names.slice(0, 50) },
      steps: steps.all
    })
  }
  for (let i = 0; i < Math.abs(target - current); i++) await key(target > current ? "down" : "up")
  await key("return")
  // The choice is made when the popup closes.
  for (let waited = 0; waited < settleMs && Date.now() + pollMs < deadline; waited += pollMs) {
    if (!(await popupList(accessible, deadline).catch(() => undefined))) break
    await pause(pollMs)
  }
  return steps.all
}
