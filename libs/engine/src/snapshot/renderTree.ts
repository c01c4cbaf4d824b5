import type { ObservedNode } from "@agent-desktop/platform"

/** A node as the contract prints it (reference §2.3): absent and empty fields are omitted. */
export interface OutputNode {
  readonly ref_id?: string
  readonly role: string
  readonly name?: string
  readonly value?: string
  readonly description?: string
  readonly native_id?: { readonly kind: string; readonly value: string }
  readonly hint?: string
  readonly states?: ReadonlyArray<string>
  readonly available_actions?: ReadonlyArray<string>
  readonly bounds?: { readonly x: number; readonly y: number; readonly width: number; readonly height: number }
  readonly children_count?: number
  readonly subtree_truncated?: true
  readonly children?: ReadonlyArray<OutputNode>
}

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

const fields = (node: ObservedNode, options: RenderOptions, refId: string | undefined) => ({
  ...(refId === undefined ? {} : { ref_id: refId }),
  role: node.role,
  ...(node.name === undefined || node.name === "" ? {} : { name: node.name }),
  ...(node.value === undefined || node.value === "" ? {} : { value: node.value }),
  ...(node.description === undefined || node.description === "" ? {} : { description: node.description }),
  ...(node.nativeId === undefined ? {} : { native_id: { kind: node.nativeId.kind, value: node.nativeId.value } }),
  ...(node.hint === undefined ? {} : { hint: node.hint }),
  ...(node.states.length === 0 ? {} : { states: node.states }),
  ...(refId === undefined || node.actions.length === 0 ? {} : { available_actions: node.actions }),
  ...(options.includeBounds && node.bounds !== undefined ? { bounds: node.bounds } : {})
})

/** Render an observation as the contract's tree, allocating refs through `allocate`. */
export const renderTree = (root: ObservedNode, options: RenderOptions, allocate: RefAllocator): OutputNode => {
  const visit = (node: ObservedNode, depth: number, isRoot: boolean): OutputNode | undefined => {
    const depthCut = node.childCount > 0 && depth >= options.maxDepth
    const readChildren = depthCut ? undefined : node.children
    const notRead = node.childCount > 0 && readChildren === undefined
    const refId = allocate(node, depthCut || notRead && node.budgetCut !== true)
    const children = (readChildren ?? []).flatMap((child) => {
      const rendered = visit(child, depth + 1, false)
      return rendered === undefined ? [] : [rendered]
    })
    const truncated = node.budgetCut === true
    const countCut = notRead && !truncated
    if (!isRoot && options.interactiveOnly && refId === undefined && children.length === 0 && !truncated) return undefined
    if (
      !isRoot && options.compact && node.role === "group" && refId === undefined && !hasPayload(node) &&
      children.length === 1 && !truncated && !countCut
    ) return children[0]
    return {
      ...fields(node, options, refId),
      ...(countCut ? { children_count: node.childCount } : {}),
      ...(truncated ? { subtree_truncated: true as const } : {}),
      ...(children.length === 0 ? {} : { children })
    }
  }
  return visit(root, 0, true)!
}
