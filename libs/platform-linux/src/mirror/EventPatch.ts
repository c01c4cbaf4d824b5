/**
 * What one AT-SPI event makes stale in a kept window read: nothing, the source node's own fields, the source's
 * whole subtree, or the whole read. Pure, so every rule is unit-tested; TreeMirror applies the result.
 *
 * The rules lean to re-reading more: a state that can hide or reveal descendants, a bounds change (children move
 * with a container, some without events of their own, and a new child often shows only as a new allocation), a
 * scroll bar's value (the scrolled content moves silently) or an event we do not know re-read subtrees; `defunct`
 * and stream gaps drop the read.
 */
import { AtspiRole } from "../atspi/Roles.js"
import type { AtspiEvent } from "../events/AtspiEvent.js"

export type Patch =
  | { readonly kind: "none" }
  | { readonly kind: "node"; readonly path: string }
  | { readonly kind: "subtree"; readonly path: string }
  | { readonly kind: "all" }

/** Node fields an event can change without touching the node's children. */
const nodeProperties = new Set(["accessible-name", "accessible-description", "accessible-role", "accessible-value", "accessible-help-text"])
/** States whose change can show, hide, add or remove descendants. */
const structuralStates = new Set(["showing", "visible", "expanded", "collapsed", "expandable", "defunct"])
const textEvents = new Set(["text-changed", "text-caret-moved", "text-selection-changed", "text-attributes-changed", "text-bounds-changed"])

export interface KnownNode {
  readonly role: number
  readonly hasChildren: boolean
  /** The node's parent's object path (a scroll bar's scrolled sibling lives there). */
  readonly parentPath: string | undefined
}

/**
 * `known` is the kept read's node for the event's source, or undefined when the source is not in it (another window
 * of the app, or an object the read never reached). `managedParts` says the read holds containers read by their
 * visible children only, whose unlisted descendants can announce changes from outside the index.
 */
export const patchFor = (event: AtspiEvent, known: KnownNode | undefined, managedParts: boolean): Patch => {
  const path = event.source.path
  if (event.major === "state-changed" && event.detail === "defunct" && known) return { kind: "all" }
  if (!known) return managedParts ? { kind: "all" } : { kind: "none" }
  switch (event.major) {
    case "children-changed":
      return { kind: "subtree", path }
    case "state-changed":
      return structuralStates.has(event.detail) ? { kind: "subtree", path } : { kind: "node", path }
    case "property-change":
      if (event.detail === "accessible-value" && known.role === AtspiRole.scrollBar) {
        return known.parentPath === undefined ? { kind: "all" } : { kind: "subtree", path: known.parentPath }
      }
      return nodeProperties.has(event.detail) ? { kind: "node", path } : { kind: "subtree", path }
    // A new allocation is often the only sign of a new child (GTK 3 announces a child only once its accessible
    // exists, which for a widget just added it does not): re-read what is under a node whose bounds changed.
    case "bounds-changed":
      return { kind: "subtree", path }
    case "selection-changed":
    case "active-descendant-changed":
    case "focus":
    case "activate":
    case "deactivate":
      return { kind: "node", path }
    default:
      return textEvents.has(event.major) ? { kind: "node", path } : { kind: "subtree", path }
  }
}
