import type { SnapshotNode } from "@agent-desktop/contracts"
import { contractActions, contractNativeIdKind, contractStates } from "@agent-desktop/domain"
import type { NodeSource, ObservedNode } from "@agent-desktop/platform"
import { childWindow, pageHint, pagedHint, type ChildWindow } from "./childWindow.js"
import { hasPayload } from "./nodePayload.js"
import { skeletonPlan } from "./skeletonPlan.js"

/**
 * A node as the contract prints it (reference §2.3): absent and empty fields are omitted. The contract's type, with
 * read-only lists (the platform's state and action lists are passed through without a copy).
 */
export type OutputNode = Omit<SnapshotNode, "states" | "available_actions" | "children"> & {
  readonly states?: ReadonlyArray<NonNullable<SnapshotNode["states"]>[number]>
  readonly available_actions?: ReadonlyArray<NonNullable<SnapshotNode["available_actions"]>[number]>
  readonly children?: ReadonlyArray<OutputNode>
}

/** The printed tree's root: it always names its source (2.7). */
export type OutputRoot = OutputNode & { readonly source: NodeSource }

/** An OutputNode while it is being built (fields assigned one by one, in the contract's key order). */
type NodeDraft = { -readonly [K in keyof OutputNode]: OutputNode[K] }

export interface RenderOptions {
  readonly maxDepth: number
  readonly interactiveOnly: boolean
  readonly compact: boolean
  readonly includeBounds: boolean
  /** A skeleton: the window's outline within a node budget (skeletonPlan.ts) instead of a depth. */
  readonly skeleton: boolean
  /**
   * At most this many printed children per container (childWindow.ts says which); undefined prints them all. A
   * container cut this way gets a ref (the page anchor), `children_count` and a hint with the next page's command.
   */
  readonly maxChildren?: number
  /** A page of a drill-down: the root prints its children from this index, counted among the children it prints. */
  readonly childrenFrom?: number
  /**
   * The read was partial (set by captureSnapshot from the observation, not by a flag): no `available_actions` are
   * printed. Its refs cannot be acted on (nothing proved them unique; every action answers identity_not_unique
   * until a complete snapshot), and the lists of nodes whose details the budget cut are wrong (a button read
   * without its actions showed only SetFocus). It also keeps a partial read smaller than its complete read: the
   * fields that say it is partial cost ~100 bytes, and a read cut near its end saves less than that otherwise.
   */
  readonly partialRead?: boolean
}

/**
 * Which nodes get a ref, in two parts so that children left out by the child limit can be weighed without
 * allocating. `earns` is pure; `atCut` is true for a container whose children were cut by depth. `allocate` numbers
 * a printed node's ref (depth-first order, so refs are deterministic per snapshot).
 */
export interface RefAllocator {
  readonly earns: (node: ObservedNode, atCut: boolean) => boolean
  readonly allocate: (node: ObservedNode) => string
}

/** The source of nodes that name none: the platform's accessibility tree (this adapter: AT-SPI). */
export const TREE_SOURCE: NodeSource = "atspi"

/** A node's source: its own, else the accessibility tree's. */
export const sourceOf = (node: ObservedNode): NodeSource => node.source ?? TREE_SOURCE

/** Built by assignment, in the contract's key order: spreading a dozen optional fields per node was a visible
 * share of a warm snapshot. A node names its source only where it differs from its printed parent's (2.7); the
 * root always does (`parentSource` undefined). */
const fields = (node: ObservedNode, options: RenderOptions, refId: string | undefined, parentSource: NodeSource | undefined): NodeDraft => {
  // ref_id first: the key order of the printed node is the assignment order.
  const out: NodeDraft = refId === undefined ? { role: node.role } : { ref_id: refId, role: node.role }
  const source = sourceOf(node)
  if (source !== parentSource) out.source = source
  if (node.name !== undefined && node.name !== "") out.name = node.name
  if (node.value !== undefined && node.value !== "") out.value = node.value
  if (node.description !== undefined && node.description !== "") out.description = node.description
  // --compact leaves out AT-SPI object paths: an address, not an identity, and ~40 % of a browser page's bytes.
  if (node.nativeId !== undefined && !(options.compact && node.nativeId.kind === "atspi_object_path")) {
    out.native_id = { kind: contractNativeIdKind(node.nativeId.kind), value: node.nativeId.value }
  }
  if (node.hint !== undefined) out.hint = node.hint
  if (node.states.length > 0) out.states = contractStates(node.states)
  if (refId !== undefined && node.actions.length > 0 && options.partialRead !== true) out.available_actions = contractActions(node.actions)
  // An OCR node is its text at a place: its box is its identity, printed with or without --include-bounds.
  if ((options.includeBounds || source === "ocr") && node.bounds !== undefined) out.bounds = node.bounds
  if (node.confidence !== undefined) out.confidence = Math.round(node.confidence)
  return out
}

/**
 * How a node's children are taken at its depth: a depth cut (in a skeleton: a container its plan does not open),
 * the children read, the depth they are shown at.
 */
const levelOf = (node: ObservedNode, depth: number, isRoot: boolean, options: RenderOptions, opened: ReadonlySet<ObservedNode> | undefined) => {
  const depthCut = node.childCount > 0 && (opened === undefined ? depth >= options.maxDepth : !isRoot && !opened.has(node))
  const children = depthCut ? undefined : node.children
  const notRead = node.childCount > 0 && children === undefined
  return { children, notRead, atCut: depthCut || notRead && node.budgetCut !== true, childDepth: depth + 1 }
}

/** A rendered subtree, and whether a budget cut in it still has to be marked on a printed ancestor. */
interface Rendered {
  readonly out: OutputNode | undefined
  readonly pendingCut: boolean
}

/**
 * Render an observation as the contract's tree, allocating refs through `allocator`.
 *
 * Budget cuts (a partial read) are marked `subtree_truncated` where the tree shows a container: on a printed node
 * with printed children, on a printed node whose children were never read, or on the root. A cut node printed as
 * a leaf (its own details were cut) or not printed at all (-i: no ref and nothing printed under it) passes its mark
 * to its nearest printed ancestor. So every node a partial read prints is one its complete read prints too, with no
 * more fields than there (and no actions: `partialRead`), and the marks cost one field per container instead of
 * one per node: a GTK 3 grid of 1,000 nodes read partially printed 187,603 bytes of `-i` against 179,362 complete,
 * when every unnamed label and every leaf carried its own mark.
 */
export const renderTree = (root: ObservedNode, options: RenderOptions, allocator: RefAllocator): OutputRoot => {
  const opened = options.skeleton ? skeletonPlan(root, options.maxDepth) : undefined
  const printable = printableUnder(options, allocator, opened)
  const visit = (node: ObservedNode, depth: number, isRoot: boolean, parentSource: NodeSource | undefined): Rendered => {
    const level = levelOf(node, depth, isRoot, options, opened)
    const window: ChildWindow = childWindow(level.children ?? [], {
      ...(options.maxChildren === undefined ? {} : { maxChildren: options.maxChildren }),
      ...(isRoot && options.childrenFrom !== undefined ? { from: options.childrenFrom } : {}),
      printable: (child) => printable(child, level.childDepth)
    })
    // A paged container (only a page of its children was read) is a page anchor like a container the limit cut.
    const paged = node.paged === true && level.children !== undefined
    const refId = allocator.earns(node, level.atCut) || window.cut !== undefined || paged ? allocator.allocate(node) : undefined
    const children: Array<OutputNode> = []
    let pendingCut = node.budgetCut === true && node.visibleOnly !== true || window.omittedHoldCut
    for (const child of window.shown) {
      const rendered = visit(child, level.childDepth, false, sourceOf(node))
      if (rendered.out !== undefined) children.push(rendered.out)
      if (rendered.pendingCut) pendingCut = true
    }
    // A container read visible-only (it manages its descendants) is truncated by design: marked on itself, always.
    const byDesign = node.visibleOnly === true
    // Children left unread by --max-depth (not by the budget): counted, as the child limit counts its cut.
    const countCut = level.notRead && node.budgetCut !== true
    // A document still loading prints under -i too: its hint is why the read is not complete.
    const loading = node.loading === true
    if (!isRoot && options.interactiveOnly && refId === undefined && children.length === 0 && !byDesign && !loading) return { out: undefined, pendingCut }
    // --compact collapses an unnamed single-child wrapper into its child; one whose child the budget left unread
    // cannot be shown collapsed (the complete read prints the child in its place), so it prints nothing and its
    // mark goes up to its parent, like any cut node the tree does not show.
    const collapsible = !isRoot && options.compact && node.role === "group" && refId === undefined && !hasPayload(node)
    if (collapsible && node.childCount === 1 && level.notRead && node.budgetCut === true && !byDesign) return { out: undefined, pendingCut: true }
    const marked = byDesign || pendingCut && (isRoot || children.length > 0 || level.notRead)
    if (
      collapsible && children.length === 1 && !marked && !countCut && window.cut === undefined && !paged
    ) return { out: inPlaceOf(children[0]!, sourceOf(node), parentSource), pendingCut: false }
    const out = fields(node, options, refId, parentSource)
    if (window.cut !== undefined || paged) {
      const hint = paged ? pagedHint(node, window.shown, refId!, options) : pageHint(window.cut!, refId!, options)
      out.hint = node.hint === undefined ? hint : `${node.hint}; ${hint}`
    }
    if (countCut || byDesign || paged || window.cut !== undefined) out.children_count = node.childCount
    if (marked) out.subtree_truncated = true
    if (children.length > 0) out.children = children
    return { out, pendingCut: pendingCut && !marked }
  }
  // The root is never collapsed or left out, and it states its source (no parent's to inherit).
  return visit(root, 0, true, undefined).out as OutputRoot
}

/**
 * A child printed in place of its collapsed wrapper: its source was stated relative to the wrapper, and is restated
 * relative to the wrapper's parent (rare: only where a wrapper and its parent came from different sources).
 */
const inPlaceOf = (child: OutputNode, wrapperSource: NodeSource, parentSource: NodeSource | undefined): OutputNode => {
  const source = child.source ?? wrapperSource
  if ((child.source === undefined) === (source === parentSource)) return child
  const { source: _stated, ...rest } = child
  return source === parentSource ? rest : { ...rest, source }
}

/**
 * Whether a node prints under these flags, asked of children before they are rendered (the child limit counts
 * printed children, so -i counts only the children that hold refs). Without -i every node prints. With -i a node
 * prints when it earns a ref, is truncated by design, is a document still loading or has a printing child; a cut container earns a ref only
 * when it has printing children, so its own decision never changes the answer. Memoised: each node is weighed once.
 */
const printableUnder = (options: RenderOptions, allocator: RefAllocator, opened: ReadonlySet<ObservedNode> | undefined) => {
  const memo = new Map<ObservedNode, boolean>()
  const printable = (node: ObservedNode, depth: number): boolean => {
    if (!options.interactiveOnly) return true
    const known = memo.get(node)
    if (known !== undefined) return known
    const level = levelOf(node, depth, false, options, opened)
    const result = node.visibleOnly === true || node.loading === true || allocator.earns(node, level.atCut) ||
      (level.children ?? []).some((child) => printable(child, level.childDepth))
    memo.set(node, result)
    return result
  }
  return printable
}
