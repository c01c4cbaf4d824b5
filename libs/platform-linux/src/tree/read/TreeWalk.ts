/**
 * The descent: each node from the cache pass where it can answer, else from the live pass, then its children in
 * turn, within the depth, the node cap and the budget. Synchronous while the cache answers (a whole browser page is
 * built without a promise per node); a promise from the first node read live.
 */
import { DbusCallError } from "../../dbus/DbusCallError.js"
import type { ObjectRef } from "../../atspi/ObjectRef.js"
import type { RawTree } from "../RawTree.js"
import type { CachePass } from "./CachePass.js"
import { inactiveAccessibility } from "./inactiveAccessibility.js"
import type { LivePass } from "./LivePass.js"
import type { NodeRead, Outcome, ReadContext } from "./ReadContext.js"

export class TreeWalk {
  /**
   * The node cap is spent level by level (a window's toolbars and its document's first levels before any deep
   * subtree): each cached node then waits a microtask before its children are read. A synchronous walk is depth
   * first, so it is kept for caches too small to reach the cap, where the order cannot change what is read.
   */
  private readonly levelOrder: boolean

  constructor(private readonly read: ReadContext, private readonly cached: CachePass, private readonly live: LivePass) {
    this.levelOrder = read.cache !== undefined && read.cache.byPath.size + 1 >= read.limits.maxNodes
  }

  /** A node, or "cut" when the budget (or a timeout) stopped its read, or undefined when it vanished. */
  observe(ref: ObjectRef, path: ReadonlyArray<number>, depth: number, counted = true): Outcome | Promise<Outcome> {
    if (counted) this.read.started++
    const cached = this.cached.node(ref, path, depth)
    if (cached) return this.levelOrder ? Promise.resolve(cached).then((read) => this.withChildren(read, path, depth)) : this.withChildren(cached, path, depth)
    let live: Promise<NodeRead>
    try {
      live = this.live.node(ref, this.read.cache?.byPath.get(ref.path), path, depth)
    } catch (error) {
      return this.failed(error, depth)
    }
    return live.then((read) => this.withChildren(read, path, depth), (error: unknown) => this.failed(error, depth))
  }

  /** A read that failed: "cut" on a timeout, undefined for a child that vanished, else the error again. */
  private failed(error: unknown, depth: number): Outcome {
    if (this.read.isTimeout(error)) {
      if (depth === 0) throw error
      this.read.cutByBudget()
      return "cut"
    }
    if (depth === 0) throw error
    // A child that vanished between listing and reading is simply no longer there; the read says a change raced it.
    if (error instanceof DbusCallError && (error.objectGone || error.failure === "remote")) {
      this.read.vanished++
      return undefined
    }
    throw error
  }

  /** The rest of `observe` once the node is read: its children, observed in turn. */
  private withChildren(read: NodeRead, path: ReadonlyArray<number>, depth: number): Outcome | Promise<Outcome> {
    const context = this.read
    context.observed++
    if (context.dropped(read.node, depth)) return undefined
    // A container that manages its descendants is read as far as it can ever be (its visible children), and one
    // with more children than a page by one page: each is marked (visibleOnly, paged), but the window read stays
    // complete, or no ref of a spreadsheet window or of a page with a 50,000-row table could ever prove its identity.
    if (read.capped === "unreadable") {
      // Only a window read says the whole app is off; a drill-down root with null children is a truncation.
      if (depth === 0 && (context.options.rootPath ?? []).length === 0) throw inactiveAccessibility(read.node, context.profile)
      context.cut("unreadable")
      return { node: read.node, path, children: [], budgetCut: true }
    }
    const marked = read.capped === "visible-only" ? { visibleOnly: true } : read.capped === "paged" ? { paged: true } : {}
    if (depth >= context.options.maxDepth || read.childRefs.length === 0) {
      return { node: read.node, path, ...(read.capped ? { children: [], ...marked } : {}) }
    }
    // The node cap counts reads started, so parallel siblings cannot overshoot it by a whole level.
    if (context.budget.expired) {
      context.cutByBudget()
      return { node: read.node, path, budgetCut: true }
    }
    if (context.started + read.childRefs.length > context.limits.maxNodes) {
      context.cut("node_cap")
      return { node: read.node, path, budgetCut: true }
    }
    context.started += read.childRefs.length
    const outcomes = read.childRefs.map((child) => this.observe(child.ref, [...path, child.index], depth + 1, false))
    const assemble = (children: ReadonlyArray<Outcome>): RawTree => {
      const present = children.filter((child): child is RawTree => child !== undefined && child !== "cut")
      const cut = children.includes("cut")
      return { node: read.node, path, children: present, ...(cut ? { budgetCut: true } : {}), ...marked }
    }
    return outcomes.some((outcome) => outcome instanceof Promise) ? Promise.all(outcomes).then(assemble) : assemble(outcomes as ReadonlyArray<Outcome>)
  }
}
