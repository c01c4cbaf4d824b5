/**
 * Reads one window's subtree, in passes (`read/`):
 * - cache pass (`CachePass`): Cache.GetItems (one call for the whole app) gives role, name, states, interfaces and
 *   child counts, and a node whose cached child list is provably live is taken without a call;
 * - live pass (`LivePass`): where the cache lacks an object or disagrees with a live child count (GTK tables that
 *   manage descendants, widgets added a moment ago), the node and its children are read live; without a cache
 *   (GTK3 before any event listener) everything is;
 * - detail pass (`DetailPass`): targeted calls add bounds, actions, text and values, beside the descent (`TreeWalk`).
 * At most `concurrency` nodes are in flight; on deadline the nodes read so far are returned, cut nodes marked.
 * Read like a guest: the app's toolkit profile decides which bulk calls are sent at all; containers that manage
 * their descendants are never enumerated (their visible children are found by hit tests); children per node and
 * nodes per read are capped (ReadLimits), and the first missed per-call timeout stops all further calls.
 */
import { Accessible } from "../atspi/Accessible.js"
import type { AtspiSession, ObjectRef } from "../atspi/AtspiSession.js"
import { DbusCallError } from "../dbus/DbusCallError.js"
import type { ToolkitProfile } from "../toolkits/ToolkitProfile.js"
import { Budget, BudgetExpired } from "./Budget.js"
import { nameControlsFromContainer } from "./NameFromContainer.js"
import { nameRowsFromContent } from "./NameFromContent.js"
import { nameFromMnemonic } from "./NameFromMnemonic.js"
import { markPopups } from "./PopupState.js"
import type { RawNode } from "./RawNode.js"
import type { ReadResult } from "./RawTree.js"
import type { ReadOptions } from "./ReadOptions.js"
import { indexCache, type CacheIndex } from "./read/CacheIndex.js"
import { cacheFits } from "./read/cacheFits.js"
import { CachePass } from "./read/CachePass.js"
import { DetailPass } from "./read/DetailPass.js"
import { LivePass } from "./read/LivePass.js"
import { markLoading, markStandIns } from "./read/LoadingDocuments.js"
import { ReadContext, type Outcome } from "./read/ReadContext.js"
import { TreeWalk } from "./read/TreeWalk.js"

export type { ReadOptions } from "./ReadOptions.js"

/** Longest wait for Cache.GetItems (within the read's deadline). */
const bulkCallMs = 10_000

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

  /** The app's cache for reads that share it (`ReadOptions.cache`), or null where its profile never asks for it. */
  async sharedCache(busName: string, deadline: number): Promise<CacheIndex | null> {
    const budget = new Budget(deadline, 3000)
    const profile = await this.session.toolkits.profileOf(busName, budget.callTimeout())
    if (!profile.bulkCacheSafe) return null
    return (await this.loadCache(busName, budget, profile)) ?? null
  }

  private async loadCache(busName: string, budget: Budget, profile: ToolkitProfile): Promise<CacheIndex | undefined> {
    if (!await cacheFits(this.session, busName, profile, budget.bulkCallTimeout(bulkCallMs))) return undefined
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

  /** A document's own attributes; undefined where they cannot be read in time (no evidence of anything). */
  private async documentAttributes(node: RawNode, budget: Budget): Promise<Readonly<Record<string, string>> | undefined> {
    try {
      return await Accessible.of(this.session, node.ref).documentAttributes(budget.callTimeout())
    } catch {
      return undefined
    }
  }

  /**
   * The cache pass answers what the app's cache vouches for, the live pass the rest, and the detail pass (bounds,
   * actions, text, values) runs beside the descent; then the naming passes the profile asks for.
   */
  async read(root: ObjectRef, options: ReadOptions): Promise<ReadResult> {
    const budget = new Budget(options.deadline, options.perCallMs ?? 3000)
    const profile = await this.session.toolkits.profileOf(root.busName, budget.callTimeout())
    const cache = options.cache !== undefined
      ? options.cache ?? undefined
      : profile.bulkCacheSafe && options.bulk !== false ? await this.loadCache(root.busName, budget, profile) : undefined
    const context = new ReadContext(this.session, options, budget, profile, cache)
    const details = new DetailPass(context, this.actionNames)
    const walk = new TreeWalk(context, new CachePass(context, details), new LivePass(context, details))
    let tree: Outcome
    try {
      tree = await walk.observe(root, options.rootPath ?? [], 0)
    } catch (error) {
      details.abandon()
      throw error
    }
    if (!tree || tree === "cut") {
      details.abandon()
      throw new BudgetExpired()
    }
    await details.settle()
    if (profile.namesFromContent) nameRowsFromContent(tree, profile.placeholderNames)
    if (profile.namesFromContainer === true) nameControlsFromContainer(tree, (options.rootPath ?? []).length === 0)
    if (profile.mnemonicNames === true) nameFromMnemonic(tree)
    if (profile.expandedFromPopup) markPopups(tree, profile)
    // A stand-in is told by its window's title: only a read of a whole window asks (a drill-down has no window).
    const standIns = (options.rootPath ?? []).length === 0 ? await markStandIns(tree, (node) => this.documentAttributes(node, budget)) : 0
    const loading = markLoading(tree) + standIns
    if (loading > 0) context.cut("loading")
    return { root: tree, complete: context.complete, incomplete: [...context.incomplete], nodesObserved: context.observed, source: cache ? "cache" : "walk", ...(context.vanished > 0 ? { vanished: context.vanished } : {}) }
  }
}
