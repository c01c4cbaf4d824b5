/**
 * The live pass: a node the cache cannot vouch for is read with calls of its own (its fields, then its children),
 * through the limiter. Never by enumerating a container that manages its descendants and has many; hidden copies
 * cost one call where the toolkit keeps them.
 */
import { Accessible, isNullRef } from "../../atspi/Accessible.js"
import type { CacheItem } from "../../atspi/CacheItem.js"
import type { ObjectRef } from "../../atspi/ObjectRef.js"
import { AtspiState, type StateSet } from "../../atspi/States.js"
import { hiddenForArea, isHiddenCopy, normalizeStates } from "../../toolkits/normalizeStates.js"
import { readRawNode, type RawNode } from "../RawNode.js"
import { visibleManagedChildren, type IndexedRef } from "../VisibleChildren.js"
import { fromCache } from "./CacheIndex.js"
import { pagedIndexes } from "./ChildPages.js"
import type { DetailPass } from "./DetailPass.js"
import { optionalFailure } from "./optionalRead.js"
import type { Capped, NodeRead, ReadContext } from "./ReadContext.js"

const indexed = (refs: ReadonlyArray<ObjectRef>): Array<IndexedRef> =>
  refs.map((ref, index) => ({ ref, index })).filter((child) => !isNullRef(child.ref))

export class LivePass {
  constructor(private readonly read: ReadContext, private readonly details: DetailPass) {}

  /** One node read live (`cached`: its fields are in the cache, its child list is not trusted). */
  node(ref: ObjectRef, cached: CacheItem | undefined, path: ReadonlyArray<number>, depth: number): Promise<NodeRead> {
    return this.read.limiter.run(async () => {
      let node: RawNode
      let childRefs: ReadonlyArray<IndexedRef>
      let capped: Capped = false
      if (cached) {
        // In the cache, but its child list is not provably the live one: the children are asked for.
        node = fromCache(cached, ref.busName, this.read.profile)
        ;({ refs: childRefs, capped } = await this.childrenOf(node, path, cached.childCount))
      } else {
        const live = await this.fields(ref, path, depth)
        node = live.node
        childRefs = live.children
        capped = live.capped
      }
      // GTK3 menus report a child count of -1; the list actually read is the truth.
      if (node.childCount !== childRefs.length && node.childCount <= 0) node = { ...node, childCount: childRefs.length }
      if (!this.read.dropped(node, depth)) this.details.schedule(node)
      return { node, childRefs, capped }
    })
  }

  /**
   * A node's children, never by enumerating a container that manages its descendants and has many (LibreOffice
   * Calc's sheet: GetChildren there froze soffice.bin for minutes), and one with more children than a page by the
   * page's indexes alone (Chromium 156 answers GetChildAtIndex(i) in O(i), so its GetChildren of a 10,000-row table
   * took 10.5 s, and of 50,000 rows minutes). `capped` when not all children are listed.
   */
  private async childrenOf(node: RawNode, path: ReadonlyArray<number>, reportedCount = node.childCount): Promise<{ refs: ReadonlyArray<IndexedRef>; capped: Capped }> {
    // GTK3 menus report -1 (unknown): only a reported 0 saves the call.
    if (reportedCount === 0) return { refs: [], capped: false }
    const { session, budget, limits } = this.read
    const accessible = Accessible.of(session, node.ref)
    if (node.states.has(AtspiState.managesDescendants) && node.childCount > limits.maxManagedChildren) {
      const visible = await visibleManagedChildren(accessible, node, limits.maxHitTests, () => budget.callTimeout())
      return { refs: visible.slice(0, limits.maxChildrenPerNode), capped: "visible-only" }
    }
    const page = pagedIndexes(this.read, path, node.childCount)
    if (page !== undefined) {
      const timeout = budget.callTimeout()
      const refs = await Promise.all(page.map((index) => accessible.childAtIndex(index, timeout).then((ref) => ({ ref, index }))))
      const present = refs.filter((child) => !isNullRef(child.ref))
      if (refs.length > 0 && present.length === 0) return { refs: [], capped: "unreadable" }
      return { refs: present, capped: "paged" }
    }
    const listed = await accessible.children(budget.callTimeout())
    const refs = indexed(listed)
    if (listed.length > 0 && refs.length === 0) return { refs: [], capped: "unreadable" }
    // Fewer children handed out than the count said: a change raced the read (Chromium 156's web view while it swaps
    // a page's document: a count of 14, 13 children).
    if (refs.length < reportedCount) this.read.vanished++
    // More children than the count said a moment ago: the same page a larger count would have given.
    const grown = pagedIndexes(this.read, path, refs.length)
    if (grown === undefined) return { refs, capped: false }
    const wanted = new Set(grown)
    return { refs: refs.filter((child) => wanted.has(child.index)), capped: "paged" }
  }

  private async fields(ref: ObjectRef, path: ReadonlyArray<number>, depth: number): Promise<{ node: RawNode; children: ReadonlyArray<IndexedRef>; capped: Capped }> {
    const { session, budget, profile } = this.read
    const accessible = Accessible.of(session, ref)
    let knownStates: StateSet | undefined
    if (depth > 0 && profile.skipsHidden) {
      // Where hidden nodes are dropped, the state set is asked first: a hidden one costs one call, not five.
      knownStates = await accessible.states(budget.callTimeout())
      const states = normalizeStates(knownStates, profile)
      if (isHiddenCopy(states, profile)) {
        return { node: { ref, role: 0, name: "", description: "", states, interfaces: [], childCount: 0 }, children: [], capped: false }
      }
    }
    const node = await readRawNode(accessible, budget.callTimeout(), knownStates)
    if (depth > 0 && profile.skipsHidden && profile.hiddenWithoutArea?.includes(node.role) && node.interfaces.includes("Component")) {
      // A copy drawn nowhere (LibreOffice's own menu bar, 0 px high beside the GTK one): skipped like a hidden one.
      const bounds = await accessible.extents(budget.callTimeout()).catch(optionalFailure)
      if (hiddenForArea(node.role, bounds, profile)) {
        return { node: { ...node, states: node.states.without(AtspiState.visible), childCount: 0 }, children: [], capped: false }
      }
    }
    // Most walked nodes (table cells) are leaves: childrenOf asks for children only when there are some.
    const { refs, capped } = await this.childrenOf(node, path)
    return { node, children: refs, capped }
  }
}
