/**
 * A kept window read that can be patched in place: the tree, and an index from object path to node and parent.
 * Replacing a node or a subtree re-indexes what changed; everything else is shared with the previous answer, which
 * the adapter already turned into contract nodes (toObserved copies), so nothing handed out is mutated.
 */
import type { RawNode } from "../tree/RawNode.js"
import type { RawTree, ReadResult } from "../tree/RawTree.js"

interface Node {
  node: RawNode
  readonly path: ReadonlyArray<number>
  children?: Array<Node>
  budgetCut?: boolean
  visibleOnly?: boolean
  paged?: boolean
}

interface Indexed {
  readonly tree: Node
  readonly parent: Node | undefined
}

const copy = (tree: RawTree): Node => ({
  node: tree.node,
  path: tree.path,
  ...(tree.children ? { children: tree.children.map(copy) } : {}),
  ...(tree.budgetCut ? { budgetCut: true } : {}),
  ...(tree.visibleOnly ? { visibleOnly: true } : {}),
  ...(tree.paged ? { paged: true } : {})
})

export class MirroredTree {
  private readonly index = new Map<string, Indexed>()
  private root: Node
  private managed = 0
  private readonly source: ReadResult["source"]

  constructor(result: ReadResult) {
    this.root = copy(result.root)
    this.source = result.source
    this.add(this.root, undefined)
  }

  /** Holds containers read by their visible children or by a page only (their other descendants are not indexed). */
  get hasManagedParts(): boolean {
    return this.managed > 0
  }

  get size(): number {
    return this.index.size
  }

  find(path: string): { readonly tree: RawTree; readonly parentPath: string | undefined } | undefined {
    const entry = this.index.get(path)
    return entry && { tree: entry.tree, parentPath: entry.parent?.node.ref.path }
  }

  /**
   * Nodes whose child list a widget added without any event would change: every node with children, and childless
   * nodes of roles that hold children (an empty box), except those read by visible children only or cut.
   */
  containers(holdsChildren: (role: number) => boolean): Array<{ readonly tree: RawTree; readonly listed: number }> {
    const out: Array<{ readonly tree: RawTree; readonly listed: number }> = []
    for (const { tree } of this.index.values()) {
      if (tree.visibleOnly || tree.paged || tree.budgetCut) continue
      const listed = tree.children?.length ?? 0
      if (listed > 0 || holdsChildren(tree.node.role)) out.push({ tree, listed })
    }
    return out
  }

  /** Nodes in the kept subtree at `path` (0 when unknown). */
  sizeOf(path: string): number {
    const count = (tree: Node): number => 1 + (tree.children ?? []).reduce((sum, child) => sum + count(child), 0)
    const entry = this.index.get(path)
    return entry ? count(entry.tree) : 0
  }

  /** True when `path` is inside the subtree of `ancestor` (or is it). */
  within(path: string, ancestor: string): boolean {
    for (let entry = this.index.get(path); entry; entry = entry.parent && this.index.get(entry.parent.node.ref.path)) {
      if (entry.tree.node.ref.path === ancestor) return true
    }
    return false
  }

  /** The node's own fields from a fresh one-node read; its children stay. */
  replaceNode(path: string, node: RawNode): void {
    const entry = this.index.get(path)
    if (entry) entry.tree.node = node
  }

  /** The node and everything under it from a fresh read of that subtree. */
  replaceSubtree(path: string, fresh: RawTree): void {
    const entry = this.index.get(path)
    if (!entry) return
    this.remove(entry.tree)
    const next = copy(fresh)
    if (entry.parent?.children) entry.parent.children[entry.parent.children.indexOf(entry.tree)] = next
    else this.root = next
    this.add(next, entry.parent)
  }

  result(): ReadResult {
    return { root: this.root, complete: true, incomplete: [], nodesObserved: this.index.size, source: this.source }
  }

  private add(tree: Node, parent: Node | undefined): void {
    this.index.set(tree.node.ref.path, { tree, parent })
    if (tree.visibleOnly || tree.paged) this.managed++
    for (const child of tree.children ?? []) this.add(child, tree)
  }

  private remove(tree: Node): void {
    this.index.delete(tree.node.ref.path)
    if (tree.visibleOnly || tree.paged) this.managed--
    for (const child of tree.children ?? []) this.remove(child)
  }
}
