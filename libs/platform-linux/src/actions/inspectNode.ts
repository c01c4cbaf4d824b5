import { PlatformError } from "@agent-desktop/platform"
import { Accessible } from "../atspi/Accessible.js"
import type { AtspiSession, ObjectRef } from "../atspi/AtspiSession.js"
import { AtspiState } from "../atspi/States.js"
import { nameIsComboValue, takeComboValue } from "../tree/ComboName.js"
import { wantsSelection, wantsText, wantsValue } from "../tree/ContractNode.js"
import { confirmShowing } from "../toolkits/normalizeStates.js"
import { expandsByPopup } from "../tree/PopupState.js"
import { readRawNode, type RawNode } from "../tree/RawNode.js"
import { lookupFailure } from "./Failures.js"
import { reportedLiveStates } from "./liveStates.js"

/** A fresh read of everything acting needs: role, states, interfaces, actions, value. */
export const inspectNode = async (session: AtspiSession, ref: ObjectRef, timeoutMs: number): Promise<RawNode> => {
  await session.toolkits.profileOf(ref.busName, timeoutMs)
  const accessible = Accessible.of(session, ref)
  try {
    const node = await readRawNode(accessible, timeoutMs)
    if (node.states.has(AtspiState.defunct)) throw new PlatformError({ code: "ELEMENT_NOT_FOUND", message: "the element is defunct" })
    await Promise.all([
      node.interfaces.includes("Action")
        ? accessible.actions(timeoutMs, node.role).then((a) => { node.actions = a.map((x) => x.name) })
        : undefined,
      wantsText(node, accessible.profile) ? accessible.text(timeoutMs).then((t) => { node.text = t }) : undefined,
      wantsValue(node, accessible.profile) ? accessible.currentValue(timeoutMs).then((v) => { node.value = v }) : undefined,
      // Acting needs the value only, not the label's name.
      nameIsComboValue(node, accessible.profile) ? takeComboValue(node) : undefined,
      // A toolkit without SHOWING (GTK 4.8): only on-screen area makes a VISIBLE object showing.
      accessible.profile.showingFromVisible && node.interfaces.includes("Component")
        ? accessible.extents(timeoutMs).then((b) => { node.states = confirmShowing(node.states, b, accessible.profile) }, () => {})
        : undefined,
      wantsSelection(node, accessible.profile)
        ? accessible.selectedChildName(timeoutMs, node.interfaces).then((name) => { if (name !== undefined) node.selected = name }, () => {})
        : undefined
    ])
    // GTK 3 combo boxes: expanded is their popup menu's showing (tree/PopupState.ts), read like the tree reads it.
    if (expandsByPopup(node.role, node.states, accessible.profile)) {
      node.states = await reportedLiveStates(accessible, node.role, node.states, timeoutMs)
    }
    return node
  } catch (error) {
    throw lookupFailure(error, "the element")
  }
}
