import type { SnapshotNode } from "@agent-desktop/contracts"
import { contractActions, contractNativeIdKind, contractRole, contractStates } from "@agent-desktop/domain"
import type { ObservedNode } from "@agent-desktop/platform"

/**
 * A node as the contract prints it (reference §2.3): absent and empty fields are omitted. The contract's type, with
 * read-only lists (the platform's state and action lists are passed through without a copy).
 */
export type OutputNode = Omit<SnapshotNode, "states" | "available_actions" | "children"> & {
  readonly states?: ReadonlyArray<NonNullable<SnapshotNode["states"]>[number]>
  readonly available_actions?: ReadonlyArray<NonNullable<SnapshotNode["available_actions"]>[number]>
  readonly children?: ReadonlyArray<OutputNode>
}

/** An OutputNode while it is being built (fields assigned one by one, in the contract's key order). */
type NodeDraft = { -readonly [K in keyof OutputNode]: OutputNode[K] }

export interface RenderOptions {
  readonly maxDepth: number
  readonly interactiveOnly: boolean
  readonly compact: boolean
  readonly includeBounds: boolean
  /** Skeleton cut: named or described containers at the cut get refs too, as drill targets. */
  readonly skeleton: boolean
}

/**
 * Decides whether a node earns a ref and, if so, allocates it (depth-first order, so refs are deterministic per
 * snapshot). `atCut` is true for a container whose children were cut by depth.
 */
export type RefAllocator = (node: ObservedNode, atCut: boolean) => string | undefined

const hasPayload = (node: ObservedNode) =>
  node.name !== undefined && node.name !== "" || node.value !== undefined && node.value !== "" ||
  node.description !== undefined && node.description !== ""

/** Built by assignment, in the contract's key order: spreading a dozen optional fields per node was a visible
 * share of a warm snapshot. */
const fields = (node: ObservedNode, options: RenderOptions, refId: string | undefined): NodeDraft => {
  // ref_id first: the key order of the printed node is the assignment order.
  const out: NodeDraft = refId === undefined ? { role: contractRole(node.role) } : { ref_id: refId, role: contractRole(node.role) }
  if (node.name !== undefined && node.name !== "") out.name = node.name
  if (node.value !== undefined && node.value !== "") out.value = node.value
  if (node.description !== undefined && node.description !== "") out.description = node.description
  // --compact leaves out AT-SPI object paths: an address, not an identity, and ~40 % of a browser page's bytes.
  if (node.nativeId !== undefined && !(options.compact && node.nativeId.kind === "atspi_object_path")) {
    out.native_id = { kind: contractNativeIdKind(node.nativeId.kind), value: node.nativeId.value }
  }
  if (node.hint !== undefined) out.hint = node.hint
  if (node.states.length > 0) out.states = contractStates(node.states)
  if (refId !== undefined && node.actions.length > 0) out.available_actions = contractActions(node.actions)
  if (options.includeBounds && node.bounds !== undefined) out.bounds = node.bounds
  return out
}

/**
 * In a skeleton, an unnamed group that earns no ref is a wrapper, not a level: its children are shown at its depth.
 * GTK 4 nests widgets in three to six such wrappers (gtk4-demo 4.8.3), so three levels showed nothing but wrappers
 * and no named landmark, sidebar or tab list, to drill into.
 */
const isWrapper = (node: ObservedNode, options: RenderOptions): boolean =>
  options.skeleton && node.role === "group" && !hasPayload(node) && !node.actions.some((action) => action !== "SetFocus")

/** Render an observation as the contract's tree, allocating refs through `allocate`. */
export const renderTree = (root: ObservedNode, options: RenderOptions, allocate: RefAllocator): OutputNode => {
  const visit = (node: ObservedNode, depth: number, isRoot: boolean): OutputNode | undefined => {
    const wrapper = !isRoot && isWrapper(node, options)
    const depthCut = node.childCount > 0 && depth >= options.maxDepth && !wrapper
    const readChildren = depthCut ? undefined : node.children
    const notRead = node.childCount > 0 && readChildren === undefined
    const refId = allocate(node, depthCut || notRead && node.budgetCut !== true)
    const children: Array<OutputNode> = []
    for (const child of readChildren ?? []) {
      const rendered = visit(child, wrapper ? depth : depth + 1, false)
      if (rendered !== undefined) children.push(rendered)
    }
    // A container read visible-only (it manages its descendants) is truncated by design; say so on the node.
    const truncated = node.budgetCut === true || node.visibleOnly === true
    const countCut = notRead && !truncated
    if (!isRoot && options.interactiveOnly && refId === undefined && children.length === 0 && !truncated) return undefined
    if (
      !isRoot && options.compact && node.role === "group" && refId === undefined && !hasPayload(node) &&
      children.length === 1 && !truncated && !countCut
    ) return children[0]
    const out = fields(node, options, refId)
    if (countCut || node.visibleOnly === true) out.children_count = node.childCount
    if (truncated) out.subtree_truncated = true
    if (children.length > 0) out.children = children
    return out
  }
  return visit(root, 0, true)!
}
