/**
 * Reads one window's subtree. Bulk path: Cache.GetItems (one call for the whole app) gives role, name, states,
 * interfaces and child counts; targeted calls add bounds, actions, text and values. Where the cache lacks an
 * object or disagrees with a live child count (GTK tables that manage descendants, widgets added a moment ago),
 * that node's children are walked live. Without a cache (GTK3 before any event listener) everything is walked.
 * At most `concurrency` nodes are in flight; on deadline the nodes read so far are returned, cut nodes marked.
 * Read like a guest: the app's toolkit profile decides which bulk calls are sent at all; containers that manage
 * their descendants are never enumerated (their visible children are found by hit tests); children per node and
 * nodes per read are capped (ReadLimits), and the first missed per-call timeout stops all further calls.
 */
import { PlatformError } from "@agent-desktop/platform"
import { Accessible, isNullRef, type CacheItem } from "../atspi/Accessible.js"
import type { AtspiSession, ObjectRef } from "../atspi/AtspiSession.js"
import { AtspiState, type StateSet } from "../atspi/States.js"
import { DbusCallError } from "../dbus/DbusCallError.js"
import { confirmShowing, hiddenForArea, isHiddenCopy, normalizeInterfaces, normalizeStates } from "../toolkits/normalizeStates.js"
import type { ToolkitProfile } from "../toolkits/ToolkitProfile.js"
import { Budget, BudgetExpired } from "./Budget.js"
import { labelComboName, nameIsComboValue, takeComboValue } from "./ComboName.js"
import { wantsSelection, wantsText, wantsValue } from "./ContractNode.js"
import { Limiter } from "./Limiter.js"
import { nameControlsFromContainer } from "./NameFromContainer.js"
import { nameRowsFromContent } from "./NameFromContent.js"
import { markPopups } from "./PopupState.js"
import { readRawNode, type RawNode } from "./RawNode.js"
import type { RawTree, ReadResult } from "./RawTree.js"
import { defaultReadLimits, type ReadLimits } from "./ReadLimits.js"
import { visibleManagedChildren, type IndexedRef } from "./VisibleChildren.js"

export interface ReadOptions {
  readonly maxDepth: number
  readonly deadline: number
  /** Path of `root` from the window root, for drill-down reads. */
  readonly rootPath?: ReadonlyArray<number>
  readonly concurrency?: number
  readonly perCallMs?: number
  /** Skip details (bounds, actions, text, values): structure only. */
  readonly details?: boolean
  readonly limits?: ReadLimits
  /** Added to every extent, for toolkits that report window-relative extents (ToolkitProfile). */
  readonly origin?: { readonly x: number; readonly y: number }
  /** False: never ask for the app's whole cache (a few nodes re-read live cost less than one GetItems). */
  readonly bulk?: boolean
}

/**
 * The window read's root reports children and hands out only null objects: the app's accessibility is switched off
 * (Chromium without renderer accessibility). Nothing can be read or acted on until it is on; the profile says how.
 */
const inactiveAccessibility = (root: RawNode, profile: ToolkitProfile): PlatformError =>
  new PlatformError({
    code: "ACTION_NOT_SUPPORTED",
    message: `the app's accessibility is switched off: its window reports ${root.childCount === 1 ? "a child" : `${root.childCount} children`} but exposes none`,
    details: {
      kind: "accessibility_inactive",
      toolkit: profile.id,
      ...(profile.inactiveAccessibility?.rendererActivation === true ? { renderer_accessibility_activation_required: true } : {})
    },
    suggestion: profile.inactiveAccessibility?.hint ?? "Restart the app with its accessibility switched on (a screen reader running, or the toolkit's accessibility setting)"
  })

/**
 * Why a node's children were not all listed: only its visible ones (MANAGES_DESCENDANTS), a count cap, or
 * "unreadable": it reports children and hands out only null objects (an app whose accessibility is off).
 */
type Capped = false | "visible-only" | "count" | "unreadable"

type NodeRead = { readonly node: RawNode; readonly childRefs: ReadonlyArray<IndexedRef>; readonly capped: Capped }

/** What observing a node gives: the subtree, "cut" (the budget or a timeout stopped it), or undefined (it vanished). */
type Outcome = RawTree | "cut" | undefined

type CacheIndex = {
  readonly byPath: ReadonlyMap<string, CacheItem>
  readonly children: ReadonlyMap<string, ReadonlyArray<CacheItem>>
}

const inIndexOrder = (items: ReadonlyArray<CacheItem>): boolean => {
  for (let i = 1; i < items.length; i++) if (items[i - 1]!.indexInParent > items[i]!.indexInParent) return false
  return true
}

const indexCache = (items: ReadonlyArray<CacheItem>): CacheIndex => {
  const byPath = new Map<string, CacheItem>()
  const children = new Map<string, Array<CacheItem>>()
  for (const item of items) {
    byPath.set(item.ref.path, item)
    const siblings = children.get(item.parent.path)
    if (siblings) siblings.push(item)
    else children.set(item.parent.path, [item])
  }
  for (const siblings of children.values()) {
    if (!inIndexOrder(siblings)) siblings.sort((a, b) => a.indexInParent - b.indexInParent)
  }
  return { byPath, children }
}

/**
 * The cache's child lists are only used when they are provably the live list: indexes exactly 0..n-1 and n equal
 * to the live child count. GTK3 reports -1 for menu items and stale indexes after reparenting.
 */
const cacheOrderTrusted = (children: ReadonlyArray<CacheItem>, childCount: number): boolean => {
  if (childCount < 0 || children.length !== childCount) return false
  return children.every((child, index) => child.indexInParent === index)
}

/** The item's own reference where it names the same app (always, in practice): one object fewer per node. */
const sameAppRef = (item: CacheItem, busName: string): ObjectRef =>
  item.ref.busName === busName ? item.ref : { busName, path: item.ref.path }

const fromCache = (item: CacheItem, busName: string, profile: ToolkitProfile): RawNode => ({
  ref: sameAppRef(item, busName),
  role: item.role,
  name: item.name,
  description: item.description,
  states: normalizeStates(item.states, profile, item.role),
  interfaces: normalizeInterfaces(item.interfaces, item.role, profile),
  childCount: Math.max(0, item.childCount)
})

const settled: Promise<unknown> = Promise.resolve()

const optionalFailure = (error: unknown): undefined => {
  if (error instanceof BudgetExpired) throw error
  if (error instanceof DbusCallError && (error.failure === "timeout" || error.peerGone)) throw error
  return undefined
}

/**
 * A detail read whose remote failure means "not there" (`apply` gets undefined); timeouts and a gone peer still fail
 * the node. One promise per read: `apply` is the reply's own handler.
 */
const optional = <A>(read: () => Promise<A>, apply: (value: A | undefined) => unknown): Promise<unknown> => {
  let pending: Promise<A>
  try {
    pending = read()
  } catch (error) {
    pending = Promise.reject(error)
  }
  return pending.then(apply, (error: unknown) => apply(optionalFailure(error)))
}

/**
 * Nodes read at once. Measured on gtk3-widget-factory and the 1,006-node grid (2026-11-30): 48 against 16 took a
 * cold one-shot read from ~79 to ~77 ms and the grid's from ~219 to ~209 ms, with the largest event-loop stall
 * still 10-18 ms (one GetItems decode dominates it); the app answers one message at a time either way, a deeper
 * queue only keeps it from waiting on us.
 */
const NODES_IN_FLIGHT = 48

/** Longest wait for Cache.GetItems (within the read's deadline). */
const bulkCallMs = 10_000

/** Action names per object, kept across reads: a GTK object's actions are fixed for its lifetime and its path is
 * never reused, so warm reads skip one call per actionable node. */
const maxCachedActions = 50_000

export class TreeReader {
  private readonly registered = new Set<string>()
  private readonly actionNames = new Map<string, ReadonlyArray<string>>()

  constructor(private readonly session: AtspiSession) {}

  /** GTK3 builds its cache only once some client listens for events (linux-atspi.md §4). */
  private registerListener(busName: string): void {
    if (this.registered.has(busName)) return
    this.registered.add(busName)
    this.session.bus.call({
      destination: "org.a11y.atspi.Registry",
      path: "/org/a11y/atspi/registry",
      interface: "org.a11y.atspi.Registry",
      member: "RegisterEvent",
      signature: "sass",
      body: ["object:children-changed", [], ""]
    }, 2000).catch(() => this.registered.delete(busName))
  }

  private async loadCache(busName: string, budget: Budget): Promise<CacheIndex | undefined> {
    try {
      // One reply for the whole app: thousands of items take seconds to serialise on a loaded machine (a 6,000-node
      // GTK 3 grid at load 8 needed more than 3 s), which is not a frozen app.
      return indexCache(await Accessible.cacheItems(this.session, busName, budget.bulkCallTimeout(bulkCallMs)))
    } catch (error) {
      if (error instanceof DbusCallError && error.missingMethod) {
        this.registerListener(busName)
        return undefined
      }
      throw error
    }
  }

  async read(root: ObjectRef, options: ReadOptions): Promise<ReadResult> {
    const budget = new Budget(options.deadline, options.perCallMs ?? 3000)
    const limiter = new Limiter(options.concurrency ?? NODES_IN_FLIGHT)
    const details = options.details !== false
    const limits = options.limits ?? defaultReadLimits
    const origin = options.origin
    const profile = await this.session.toolkits.profileOf(root.busName, budget.callTimeout())
    const cache = profile.bulkCacheSafe && options.bulk !== false ? await this.loadCache(root.busName, budget) : undefined
    let observed = 0
    let started = 0
    let complete = true
    /** A missed per-call timeout means a busy app: stop sending, keep what was read. */
    const isTimeout = (error: unknown) => {
      const timedOut = error instanceof BudgetExpired || (error instanceof DbusCallError && error.failure === "timeout")
      if (timedOut) budget.abandon()
      return timedOut
    }

    /** Not async: a node's detail reads are settled by one Promise.all (or its one read) without a resumption. */
    const readDetails = (node: RawNode): Promise<unknown> => {
      if (!details) return settled
      const accessible = Accessible.of(this.session, node.ref)
      const reads: Array<Promise<unknown>> = []
      // Objects that are not showing have no on-screen extents (GTK reports G_MININT or zeros).
      if (node.interfaces.includes("Component") && node.states.has(AtspiState.showing)) {
        reads.push(optional(() => accessible.extents(budget.callTimeout()), (b) => {
          if (b) node.bounds = origin ? { ...b, x: b.x + origin.x, y: b.y + origin.y } : b
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
        reads.push(optional(() => accessible.text(budget.callTimeout(), limits.maxTextChars), (t) => t !== undefined && (node.text = t)))
      }
      if (wantsValue(node, profile)) {
        reads.push(optional(() => accessible.currentValue(budget.callTimeout()), (v) => v !== undefined && (node.value = v)))
      }
      if (nameIsComboValue(node, profile)) {
        takeComboValue(node)
        reads.push(optional(() => labelComboName(accessible, node, budget.callTimeout()), () => undefined))
      }
      if (wantsSelection(node, profile)) {
        reads.push(optional(() => accessible.selectedChildName(budget.callTimeout(), node.interfaces), (name) => {
          if (name !== undefined) node.selected = name
        }))
      }
      return reads.length === 0 ? settled : reads.length === 1 ? reads[0]! : Promise.all(reads)
    }

    const indexed = (refs: ReadonlyArray<ObjectRef>): Array<IndexedRef> =>
      refs.map((ref, index) => ({ ref, index })).filter((child) => !isNullRef(child.ref))

    /**
     * A node's children, never by enumerating a container that manages its descendants and has many (LibreOffice
     * Calc's sheet: GetChildren there froze soffice.bin for minutes). `capped` when not all children are listed.
     */
    const childrenOf = async (node: RawNode, reportedCount = node.childCount): Promise<{ refs: ReadonlyArray<IndexedRef>; capped: Capped }> => {
      // GTK3 menus report -1 (unknown): only a reported 0 saves the call.
      if (reportedCount === 0) return { refs: [], capped: false }
      const accessible = Accessible.of(this.session, node.ref)
      if (node.states.has(AtspiState.managesDescendants) && node.childCount > limits.maxManagedChildren) {
        const visible = await visibleManagedChildren(accessible, node, limits.maxHitTests, () => budget.callTimeout())
        return { refs: visible.slice(0, limits.maxChildrenPerNode), capped: "visible-only" }
      }
      const listed = await accessible.children(budget.callTimeout())
      const refs = indexed(listed)
      if (listed.length > 0 && refs.length === 0) return { refs: [], capped: "unreadable" }
      return refs.length > limits.maxChildrenPerNode
        ? { refs: refs.slice(0, limits.maxChildrenPerNode), capped: "count" }
        : { refs, capped: false }
    }

    const readLive = async (ref: ObjectRef, depth: number): Promise<{ node: RawNode; children: ReadonlyArray<IndexedRef>; capped: Capped }> => {
      const accessible = Accessible.of(this.session, ref)
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
      const { refs, capped } = await childrenOf(node)
      return { node, children: refs, capped }
    }

    /**
     * A toolkit that keeps hidden copies of what it shows (LibreOffice's submenus): the hidden copy is not read, and
     * its details are not asked for (they were: ~GetActions of every hidden menu item).
     */
    const dropped = (node: RawNode, depth: number): boolean => depth > 0 && isHiddenCopy(node.states, profile)

    // Details never gate the descent: a node's children are known (from the cache, or from the live walk) before
    // its bounds and actions arrive, so the tree's depth does not add round trips to the critical path.
    const detailReads: Array<Promise<unknown>> = []
    const scheduleDetails = (node: RawNode) => {
      detailReads.push(limiter.run(() => readDetails(node)).catch((error: unknown) => {
        if (isTimeout(error)) {
          // Without its actions a node would look inert; flag it as cut rather than let it pass as complete.
          node.detailsCut = true
          complete = false
          return
        }
        if (error instanceof DbusCallError && error.peerGone) throw error
      }))
    }

    /**
     * One node's structure and its child refs, at once when the cache holds the node and its whole child list (most
     * of a browser page: it sends nothing), else undefined (the node is read live, through the limiter).
     */
    const readCached = (ref: ObjectRef, depth: number): NodeRead | undefined => {
      const cached = cache?.byPath.get(ref.path)
      const cachedChildren = cached && (cache!.children.get(ref.path) ?? [])
      // A trusted child list matches the node's child count, so the count needs no correction here.
      if (cached && cachedChildren && cacheOrderTrusted(cachedChildren, cached.childCount) && cachedChildren.length <= limits.maxChildrenPerNode) {
        const node = fromCache(cached, ref.busName, profile)
        const childRefs = cachedChildren.map((child, index) => ({ ref: sameAppRef(child, ref.busName), index }))
        if (!dropped(node, depth)) scheduleDetails(node)
        return { node, childRefs, capped: false }
      }
      return undefined
    }

    const readNodeLive = (ref: ObjectRef, cached: CacheItem | undefined, depth: number): Promise<NodeRead> =>
      limiter.run(async () => {
        let node: RawNode
        let childRefs: ReadonlyArray<IndexedRef>
        let capped: Capped = false
        if (cached) {
          // In the cache, but its child list is not provably the live one: the children are asked for.
          node = fromCache(cached, ref.busName, profile)
          ;({ refs: childRefs, capped } = await childrenOf(node, cached.childCount))
        } else {
          const live = await readLive(ref, depth)
          node = live.node
          childRefs = live.children
          capped = live.capped
        }
        // GTK3 menus report a child count of -1; the list actually read is the truth.
        if (node.childCount !== childRefs.length && node.childCount <= 0) node = { ...node, childCount: childRefs.length }
        if (!dropped(node, depth)) scheduleDetails(node)
        return { node, childRefs, capped }
      })

    /** A read that failed: "cut" on a timeout, undefined for a child that vanished, else the error again. */
    const readFailed = (error: unknown, depth: number): Outcome => {
      if (isTimeout(error)) {
        if (depth === 0) throw error
        complete = false
        return "cut"
      }
      if (depth === 0) throw error
      // A child that vanished between listing and reading is simply no longer there.
      if (error instanceof DbusCallError && (error.objectGone || error.failure === "remote")) return undefined
      throw error
    }

    /**
     * The node cap is spent level by level (a window's toolbars and its document's first levels before any deep
     * subtree): each cached node then waits a microtask before its children are read. A synchronous walk is depth
     * first, so it is kept for caches too small to reach the cap, where the order cannot change what is read.
     */
    const levelOrder = cache !== undefined && cache.byPath.size + 1 >= limits.maxNodes

    /**
     * A node, or "cut" when the budget (or a timeout) stopped its read, or undefined when it vanished. Synchronous
     * while the cache answers (a whole browser page is built without a promise per node); a promise from the first
     * node read live.
     */
    const observe = (ref: ObjectRef, path: ReadonlyArray<number>, depth: number, counted = true): Outcome | Promise<Outcome> => {
      if (counted) started++
      const cached = readCached(ref, depth)
      if (cached) return levelOrder ? Promise.resolve(cached).then((read) => withChildren(read, path, depth)) : withChildren(cached, path, depth)
      let live: Promise<NodeRead>
      try {
        live = readNodeLive(ref, cache?.byPath.get(ref.path), depth)
      } catch (error) {
        return readFailed(error, depth)
      }
      return live.then((read) => withChildren(read, path, depth), (error: unknown) => readFailed(error, depth))
    }

    /** The rest of `observe` once the node is read: its children, observed in turn. */
    const withChildren = (read: NodeRead, path: ReadonlyArray<number>, depth: number): Outcome | Promise<Outcome> => {
      observed++
      if (dropped(read.node, depth)) return undefined
      // A container that manages its descendants is read as far as it can ever be (its visible children): it is
      // marked truncated, but the window read stays complete, or no ref of a spreadsheet window could ever prove
      // its identity. A count cap on an ordinary container leaves nodes unread: the read is incomplete.
      if (read.capped === "unreadable") {
        // Only a window read says the whole app is off; a drill-down root with null children is a truncation.
        if (depth === 0 && (options.rootPath ?? []).length === 0) throw inactiveAccessibility(read.node, profile)
        complete = false
        return { node: read.node, path, children: [], budgetCut: true }
      }
      if (read.capped === "count") complete = false
      const visibleOnly = read.capped === "visible-only" ? { visibleOnly: true } : {}
      if (depth >= options.maxDepth || read.childRefs.length === 0) {
        return { node: read.node, path, ...(read.capped ? { children: [], ...(read.capped === "count" ? { budgetCut: true } : visibleOnly) } : {}) }
      }
      // The node cap counts reads started, so parallel siblings cannot overshoot it by a whole level.
      if (budget.expired || started + read.childRefs.length > limits.maxNodes) {
        complete = false
        return { node: read.node, path, budgetCut: true }
      }
      started += read.childRefs.length
      const outcomes = read.childRefs.map((child) => observe(child.ref, [...path, child.index], depth + 1, false))
      const assemble = (children: ReadonlyArray<Outcome>): RawTree => {
        const present = children.filter((child): child is RawTree => child !== undefined && child !== "cut")
        const cut = children.includes("cut") || read.capped === "count"
        return { node: read.node, path, children: present, ...(cut ? { budgetCut: true } : {}), ...visibleOnly }
      }
      return outcomes.some((outcome) => outcome instanceof Promise) ? Promise.all(outcomes).then(assemble) : assemble(outcomes as ReadonlyArray<Outcome>)
    }

    // A read that ends early (an error such as accessibility_inactive, an expired budget) leaves detail reads in
    // flight: their failures (a session closed under them) no longer matter and must not surface unhandled.
    const abandonDetails = () => {
      for (const pending of detailReads) pending.catch(() => undefined)
    }
    let tree: Outcome
    try {
      tree = await observe(root, options.rootPath ?? [], 0)
    } catch (error) {
      abandonDetails()
      throw error
    }
    if (!tree || tree === "cut") {
      abandonDetails()
      throw new BudgetExpired()
    }
    await Promise.all(detailReads)
    if (profile.namesFromContent) nameRowsFromContent(tree, profile.placeholderNames)
    if (profile.namesFromContainer === true) nameControlsFromContainer(tree, (options.rootPath ?? []).length === 0)
    if (profile.expandedFromPopup) markPopups(tree, profile)
    return { root: tree, complete, nodesObserved: observed, source: cache ? "cache" : "walk" }
  }
}
