/**
 * The detail pass: a node's bounds, actions, text, value, a combo box's label and a container's selected child,
 * each one call where the node has the interface. Details never gate the descent: a node's children are known
 * (from the cache, or from the live walk) before its bounds and actions arrive, so the tree's depth does not add
 * round trips to the critical path; `settle` waits for them all once the structure is read.
 */
import { Accessible } from "../../atspi/Accessible.js"
import { AtspiState } from "../../atspi/States.js"
import { DbusCallError } from "../../dbus/DbusCallError.js"
import { confirmShowing } from "../../toolkits/normalizeStates.js"
import { labelComboName, nameIsComboValue, takeComboValue } from "../ComboName.js"
import { holdsText, wantsSelection, wantsText, wantsValue } from "../ContractNode.js"
import { labelFromRelations, maxLabelReads, wantsLabel } from "../NameFromLabel.js"
import type { RawNode } from "../RawNode.js"
import { optional } from "./optionalRead.js"
import type { ReadContext } from "./ReadContext.js"

const settled: Promise<unknown> = Promise.resolve()

/** Action names per object, kept across reads: a GTK object's actions are fixed for its lifetime and its path is
 * never reused, so warm reads skip one call per actionable node. */
const maxCachedActions = 50_000

export class DetailPass {
  private readonly pending: Array<Promise<unknown>> = []
  private readonly details: boolean

  constructor(private readonly read: ReadContext, private readonly actionNames: Map<string, ReadonlyArray<string>>) {
    this.details = read.options.details !== false
  }

  schedule(node: RawNode): void {
    const read = this.read
    this.pending.push(read.limiter.run(() => this.readDetails(node)).catch((error: unknown) => {
      if (read.isTimeout(error)) {
        // Without its actions a node would look inert; flag it as cut rather than let it pass as complete.
        node.detailsCut = true
        read.cutByBudget()
        return
      }
      if (error instanceof DbusCallError && error.peerGone) throw error
    }))
  }

  settle(): Promise<unknown> {
    return Promise.all(this.pending)
  }

  /**
   * A read that ends early (an error such as accessibility_inactive, an expired budget) leaves detail reads in
   * flight: their failures (a session closed under them) no longer matter and must not surface unhandled.
   */
  abandon(): void {
    for (const pending of this.pending) pending.catch(() => undefined)
  }

  /** Not async: a node's detail reads are settled by one Promise.all (or its one read) without a resumption. */
  private readDetails(node: RawNode): Promise<unknown> {
    if (!this.details) return settled
    const { session, budget, profile, limits } = this.read
    const origin = this.read.options.origin
    const accessible = Accessible.of(session, node.ref)
    const reads: Array<Promise<unknown>> = []
    // Objects that are not showing have no on-screen extents (GTK reports G_MININT or zeros).
    if (node.interfaces.includes("Component") && node.states.has(AtspiState.showing)) {
      reads.push(optional(() => accessible.extents(budget.callTimeout()), (b) => {
        if (b && this.read.options.boundsUnknown !== true) node.bounds = origin ? { ...b, x: b.x + origin.x, y: b.y + origin.y } : b
        node.states = confirmShowing(node.states, b, profile)
      }))
    }
    if (node.interfaces.includes("Action")) {
      const key = `${node.ref.busName}|${node.ref.path}`
      const known = this.actionNames.get(key)
      if (known) node.actions = known
      else {
        reads.push(optional(() => accessible.deciderActions(budget.callTimeout(), node.role), (a) => {
          node.actions = a?.map((action) => action.name) ?? []
          if (a) {
            if (this.actionNames.size >= maxCachedActions) this.actionNames.clear()
            this.actionNames.set(key, node.actions)
          }
        }))
      }
    }
    if (wantsText(node, profile)) {
      // A text holder's text may be long (a terminal's scrollback, a document): the part on screen first.
      const read = holdsText(node)
        ? () => accessible.visibleTextFirst(budget.callTimeout(), limits.maxTextChars)
        : () => accessible.text(budget.callTimeout(), limits.maxTextChars)
      reads.push(optional(read, (t) => t !== undefined && (node.text = t)))
    }
    if (wantsValue(node, profile)) {
      reads.push(optional(() => accessible.currentValue(budget.callTimeout()), (v) => v !== undefined && (node.value = v)))
    }
    if (nameIsComboValue(node, profile)) {
      takeComboValue(node)
      reads.push(optional(() => labelComboName(accessible, node, budget.callTimeout()), () => undefined))
    }
    if (wantsLabel(node) && !nameIsComboValue(node, profile) && this.read.labelReads < maxLabelReads) {
      this.read.labelReads++
      reads.push(optional(() => labelFromRelations(accessible, node, budget.callTimeout()), () => undefined))
    }
    if (wantsSelection(node, profile)) {
      reads.push(optional(() => accessible.selectedChildName(budget.callTimeout(), node.interfaces), (name) => {
        if (name !== undefined) node.selected = name
      }))
    }
    return reads.length === 0 ? settled : reads.length === 1 ? reads[0]! : Promise.all(reads)
  }
}
