/**
 * `select` on a combo box whose choice only input in its open popup can make (ToolkitProfile.comboChoiceByPointer;
 * Qt 5.15: selecting the popup list's item over AT-SPI leaves the combo box as it was, and there is no Selection or
 * Value to set). Headless and read-only first: the popup's items are matched (a wrong value is ELEMENT_NOT_FOUND, a
 * choice already made is AlreadyInState); then, `--headed` only, the combo box's own action opens the popup, the item
 * is clicked at its centre once the popup has an area, and the combo box's value is waited for (bounded).
 */
import { PlatformError, type DeliveryStep } from "@agent-desktop/platform"
import { Accessible, isNullRef, type Extents } from "../../atspi/Accessible.js"
import type { ObjectRef } from "../../atspi/AtspiSession.js"
import { AtspiRole } from "../../atspi/Roles.js"
import { clickActionIndex, contractValue } from "../../tree/ContractNode.js"
import type { RawNode } from "../../tree/RawNode.js"
import type { ActContext } from "../ActContext.js"
import { pause, pollMs, pollTimeout, settleMs, timeoutFor } from "../Deadline.js"
import { doAction } from "../doAction.js"
import { declined, lookupFailure, unsupported } from "../Failures.js"
import { headedOnly } from "../headedOnly.js"
import { inspectNode } from "../inspectNode.js"
import { pointerAtCentre } from "../pointerAtCentre.js"
import { matchItem } from "./matchItem.js"

const popupRoles = new Set<number>([AtspiRole.list, AtspiRole.menu, AtspiRole.listBox])
const alreadyChosen: ReadonlyArray<DeliveryStep> = [{ label: "AlreadyInState", outcome: "skipped", mechanism: "semantic_api" }]

const hasArea = (box: Extents | undefined): box is Extents => box !== undefined && box.width > 0 && box.height > 0

/** The popup list under the combo box (its first child with a list or menu role) and that list's items. */
const popupOf = async (combo: Accessible, deadline: number): Promise<{ popup: Accessible; items: ReadonlyArray<ObjectRef> } | undefined> => {
  for (const child of await combo.children(timeoutFor(deadline))) {
    if (isNullRef(child)) continue
    const candidate = combo.sibling(child.path)
    if (popupRoles.has(await candidate.role(timeoutFor(deadline)))) {
      return { popup: candidate, items: (await candidate.children(timeoutFor(deadline))).filter((item) => !isNullRef(item)) }
    }
  }
  return undefined
}

/** The action that opens the popup: "show menu" (Qt's ShowMenu, aliased) or the click action. */
const openActionIndex = (combo: RawNode): number => {
  const showMenu = (combo.actions ?? []).indexOf("show menu")
  return showMenu >= 0 ? showMenu : clickActionIndex(combo)
}

/**
 * Polls `read` until `done`, within the deadline and at most `limitMs` (a popup opens and a choice lands a moment
 * after the call that caused it; on a loaded machine more than the 1.5 s a state change is usually given).
 */
const waitFor = async <A>(read: () => Promise<A>, done: (value: A) => boolean, deadline: number, limitMs = 2 * settleMs): Promise<A | undefined> => {
  let last: A | undefined
  for (let waited = 0; waited < limitMs; waited += pollMs) {
    last = await read().catch(() => undefined)
    if ((last !== undefined && done(last)) || Date.now() + pollMs >= deadline) return last
    await pause(pollMs)
  }
  return last
}

export const selectInComboByPointer = async (context: ActContext, combo: RawNode, value: string): Promise<ReadonlyArray<DeliveryStep>> => {
  const { session, steps, deadline, options } = context
  const accessible = Accessible.of(session, combo.ref)
  const found = await popupOf(accessible, deadline).catch((error) => { throw lookupFailure(error, "the combo box's items") })
  if (!found) throw unsupported(combo, "select (it has no popup list)")
  const names = await Promise.all(found.items.map((item) => found.popup.sibling(item.path).name(timeoutFor(deadline)).catch(() => "")))
  const index = matchItem(names, value)
  if (index < 0) {
    throw new PlatformError({ code: "ELEMENT_NOT_FOUND", message: `no item named "${value}" to select`, details: { available: names.slice(0, 50) } })
  }
  const wanted = names[index]!
  if (contractValue(combo) === wanted) return [...alreadyChosen]
  if (!options.headed) {
    throw headedOnly(
      `choosing "${wanted}" in this combo box`,
      "its current item changes only on a click or Return in its open popup (selecting the popup's item over AT-SPI leaves it unchanged)",
      "open it and click the item",
      accessible.profile.id
    )
  }
  const open = openActionIndex(combo)
  if (open < 0) throw unsupported(combo, "select (no action opens its popup)")
  await doAction(session, steps, combo, open, deadline)
  const popupBox = await waitFor(() => found.popup.extents(pollTimeout(deadline)), hasArea, deadline)
  if (!hasArea(popupBox)) throw declined(steps, "opening the popup (it never appeared)")
  const item = await inspectNode(session, found.items[index]!, timeoutFor(deadline))
  const itemBox = await Accessible.of(session, item.ref).extents(timeoutFor(deadline)).catch(() => undefined)
  const centreY = itemBox ? itemBox.y + itemBox.height / 2 : -1
  if (!itemBox || centreY < popupBox.y || centreY > popupBox.y + popupBox.height) {
    // Closed again; what was sent (opening and closing the popup) stays in the error's steps.
    await doAction(session, steps, combo, open, deadline)
    throw new PlatformError({
      code: "ACTION_FAILED",
      message: `"${wanted}" lies outside the open popup's visible rows, so it was not clicked; the popup was opened and closed again`,
      details: { available: names.slice(0, 50) },
      steps: steps.all,
      suggestion: "Choose an item the popup shows without scrolling, or scroll the popup with --headed input first"
    })
  }
  await pointerAtCentre(session, steps, item, deadline)
  await waitFor(() => inspectNode(session, combo.ref, pollTimeout(deadline)).then(contractValue), (shown) => shown === wanted, deadline)
  return steps.all
}
