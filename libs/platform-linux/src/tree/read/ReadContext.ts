/**
 * What one tree read shares across its passes: the app's profile and cache, the budget and the limiter, the
 * limits, and the running counts (nodes started and observed, whether everything was read).
 */
import type { AtspiSession } from "../../atspi/AtspiSession.js"
import { DbusCallError } from "../../dbus/DbusCallError.js"
import { isHiddenCopy } from "../../toolkits/normalizeStates.js"
import type { ToolkitProfile } from "../../toolkits/ToolkitProfile.js"
import { BudgetExpired, type Budget } from "../Budget.js"
import { Limiter } from "../Limiter.js"
import type { RawNode } from "../RawNode.js"
import type { RawTree } from "../RawTree.js"
import { defaultReadLimits, type ReadLimits } from "../ReadLimits.js"
import type { ReadOptions } from "../ReadOptions.js"
import type { IndexedRef } from "../VisibleChildren.js"
import type { CacheIndex } from "./CacheIndex.js"
import type { IncompleteReason } from "@agent-desktop/platform"

/**
 * Why a node's children were not all listed: only its visible ones (MANAGES_DESCENDANTS), a page of them (more
 * children than one read takes), or
 * "unreadable": it reports children and hands out only null objects (an app whose accessibility is off).
 */
export type Capped = false | "visible-only" | "paged" | "unreadable"

export type NodeRead = { readonly node: RawNode; readonly childRefs: ReadonlyArray<IndexedRef>; readonly capped: Capped }

/** What observing a node gives: the subtree, "cut" (the budget or a timeout stopped it), or undefined (it vanished). */
export type Outcome = RawTree | "cut" | undefined

/**
 * Nodes read at once. Measured on gtk3-widget-factory and the 1,006-node grid (2026-11-30): 48 against 16 took a
 * cold one-shot read from ~79 to ~77 ms and the grid's from ~219 to ~209 ms, with the largest event-loop stall
 * still 10-18 ms (one GetItems decode dominates it); the app answers one message at a time either way, a deeper
 * queue only keeps it from waiting on us.
 */
const NODES_IN_FLIGHT = 48

export class ReadContext {
  /** Nodes whose read has started (the node cap counts these, so parallel siblings cannot overshoot it). */
  started = 0
  observed = 0
  /** Unnamed fields whose labels were asked for (NameFromLabel's cap). */
  labelReads = 0
  /** Why the read is not complete (empty: it is). */
  readonly incomplete = new Set<IncompleteReason>()
  /**
   * Children counted or listed by their parent and gone when read: the tree changed under this read (Chromium 156
   * drops the old page's document while the new one's tree is still on its way; such a read shows a window with no
   * page at all).
   */
  vanished = 0
  readonly limiter: Limiter
  readonly limits: ReadLimits

  constructor(
    readonly session: AtspiSession,
    readonly options: ReadOptions,
    readonly budget: Budget,
    readonly profile: ToolkitProfile,
    readonly cache: CacheIndex | undefined
  ) {
    this.limiter = new Limiter(options.concurrency ?? NODES_IN_FLIGHT)
    this.limits = options.limits ?? defaultReadLimits
  }

  get complete(): boolean {
    return this.incomplete.size === 0
  }

  /** Something was left unread, and why. */
  cut(reason: IncompleteReason): void {
    this.incomplete.add(reason)
  }

  /** The budget stopped a read: the app stopped answering (a missed per-call timeout), or the deadline passed. */
  cutByBudget(): void {
    this.cut(this.budget.abandoned ? "unresponsive" : "deadline")
  }

  /** A missed per-call timeout means a busy app: stop sending, keep what was read. */
  isTimeout(error: unknown): boolean {
    const perCall = error instanceof DbusCallError && error.failure === "timeout"
    const timedOut = perCall || error instanceof BudgetExpired
    if (perCall) this.budget.abandon()
    else if (timedOut) this.budget.abandonQuietly()
    return timedOut
  }

  /**
   * A toolkit that keeps hidden copies of what it shows (LibreOffice's submenus): the hidden copy is not read, and
   * its details are not asked for (they were: ~GetActions of every hidden menu item).
   */
  dropped(node: RawNode, depth: number): boolean {
    return depth > 0 && isHiddenCopy(node.states, this.profile)
  }
}
