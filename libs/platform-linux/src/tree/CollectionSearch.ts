/**
 * `find` inside a paged container through the toolkit's own search (AT-SPI `Collection.GetMatches`): one call returns
 * every descendant of the wanted roles, however many rows the container has (the ATK bridge walks its objects in the
 * app's process; Firefox ESR lists 50,000 rows' buttons in one reply, where reading them page by page stopped near
 * row 30,000). A match rule cannot hold a name, so names are read for the returned objects only (pipelined `Name`
 * gets), and an object whose name cannot decide (empty, a toolkit's placeholder, a combo box named by its value: the
 * read names those otherwise) stays a candidate. Each candidate's place is asked upwards (`GetIndexInParent` to the
 * container, never a listing of its siblings); the container's children holding candidates are then read whole, by
 * those indexes alone (`ReadOptions.focus`), and the engine's own filters decide on what was read.
 */
import type { ObservedNode, PagedQuery } from "@agent-desktop/platform"
import { Accessible, isNullRef } from "../atspi/Accessible.js"
import type { AtspiSession } from "../atspi/AtspiSession.js"
import { getMatches, noCollection } from "../atspi/Collection.js"
import type { ObjectRef } from "../atspi/ObjectRef.js"
import { AtspiRole, contractRole } from "../atspi/Roles.js"
import { DbusCallError } from "../dbus/DbusCallError.js"
import type { ToolkitProfile } from "../toolkits/ToolkitProfile.js"
import { Budget, BudgetExpired } from "./Budget.js"
import { toObserved } from "./Observed.js"
import type { CacheIndex } from "./read/CacheIndex.js"
import type { TreeReader } from "./TreeReader.js"

/** Calls in flight at once for names and places (one socket write per batch). */
const BATCH = 512
/** Container children read whole in one focused read. */
const READ_BATCH = 256
/** Levels walked up from a match to its container at most. */
const MAX_LEVELS = 64
/** AT-SPI role numbers (at-spi2-core 2.46 has fewer than 130). */
const ROLE_NUMBERS = Array.from({ length: 130 }, (_, n) => n)
/** Roles a label takes when a tree read makes it an item (tree/ItemRole.ts). */
const ITEM_ROLES = new Set(["treeitem", "option", "cell"])

/** The AT-SPI roles a contract role is read from; empty (every role) when none is asked. */
export const atspiRolesFor = (role: string | undefined): ReadonlyArray<number> => {
  if (role === undefined) return []
  const numbers = ROLE_NUMBERS.filter((n) => contractRole(n) === role)
  if (ITEM_ROLES.has(role)) numbers.push(AtspiRole.label)
  return numbers
}

const fold = (text: string) => text.toLowerCase()

/**
 * Whether an object whose toolkit name is `name` may match: its name holds the wanted one, or the read may give it
 * another (an empty or placeholder name is taken from content or labels; a combo box's name may be its value).
 */
export const nameMayMatch = (name: string, wanted: string, exact: boolean, profile: ToolkitProfile): boolean =>
  (exact ? fold(name) === fold(wanted) : fold(name).includes(fold(wanted))) || name === "" || profile.placeholderNames.includes(name)

export interface CollectionOutcome {
  readonly found: ReadonlyArray<ReadonlyArray<ObservedNode>>
  /** Every candidate was decided. */
  readonly complete: boolean
  /** Children of the container searched (all of them once the toolkit answered and every candidate was decided). */
  readonly searched: number
  readonly note?: string
}

/** Runs `f` over `items` BATCH at a time, in order; stops early when `stop` says so after a batch. */
const inBatches = async <A, B>(items: ReadonlyArray<A>, size: number, f: (item: A) => Promise<B>, stop?: (done: ReadonlyArray<B>) => boolean): Promise<Array<B>> => {
  const out: Array<B> = []
  for (let start = 0; start < items.length; start += size) {
    out.push(...await Promise.all(items.slice(start, start + size).map(f)))
    if (stop?.(out) === true) break
  }
  return out
}

/** A failed read of one object that is gone (a row removed meanwhile) drops it; anything else fails the search. */
const goneAsUndefined = (error: unknown): undefined => {
  if (error instanceof DbusCallError && (error.objectGone || error.failure === "remote")) return undefined
  throw error
}

/** The indexes from `container` down to `ref`, asked upwards; undefined when `ref` is not below it. */
export const placeBelow = async (session: AtspiSession, container: ObjectRef, ref: ObjectRef, timeoutMs: () => number): Promise<Array<number> | undefined> => {
  const path: Array<number> = []
  let current = Accessible.of(session, ref)
  for (let level = 0; level < MAX_LEVELS; level++) {
    const [index, parent] = await Promise.all([current.indexInParent(timeoutMs()), current.parent(timeoutMs())])
    if (index < 0 || isNullRef(parent)) return undefined
    path.unshift(index)
    if (parent.path === container.path) return path
    current = current.sibling(parent.path)
  }
  return undefined
}

/** The chains from `top` down to each match below it (inclusive). */
const chainsTo = (top: ObservedNode, query: PagedQuery): Array<Array<ObservedNode>> => {
  const out: Array<Array<ObservedNode>> = []
  const visit = (node: ObservedNode, above: ReadonlyArray<ObservedNode>) => {
    const chain = [...above, node]
    if (query.matches(node)) out.push(chain)
    for (const child of node.children ?? []) visit(child, chain)
  }
  visit(top, [])
  return out
}

/**
 * Searches the children of `container` a read did not take (`read`: the indexes it took) through Collection.
 * Undefined when the toolkit serves no Collection there, or the query names neither a role nor a name (the caller
 * reads pages instead).
 */
export const searchByCollection = async (
  session: AtspiSession,
  reader: TreeReader,
  container: ObservedNode,
  ref: ObjectRef,
  read: ReadonlySet<number>,
  query: PagedQuery,
  deadline: number,
  cache: CacheIndex | null | undefined,
  alreadyFound: number
): Promise<CollectionOutcome | undefined> => {
  // Nothing to narrow by: every descendant would be a candidate read whole, more than reading the pages costs.
  if (query.narrow?.role === undefined && (query.narrow?.name ?? "") === "") return undefined
  const budget = new Budget(deadline, 10_000)
  const profile = await session.toolkits.profileOf(ref.busName, budget.callTimeout())
  const unread = Math.max(0, container.childCount - read.size)
  let refs: ReadonlyArray<ObjectRef>
  try {
    // The whole subtree's matches in one reply: its time is the toolkit's walk, so it gets what is left of the deadline.
    refs = await getMatches(session, ref, { roles: atspiRolesFor(query.narrow?.role), states: [] }, 0, Math.max(1, deadline - Date.now()))
  } catch (error) {
    if (noCollection(error)) return undefined
    // Its timeout was the rest of the deadline: the deadline passed, the app did not stop answering.
    if (error instanceof DbusCallError && error.failure === "timeout" && Date.now() >= deadline - 50) throw new BudgetExpired()
    throw error
  }
  const found: Array<Array<ObservedNode>> = []
  const enough = () => query.limit > 0 && alreadyFound + found.length >= query.limit
  const wanted = query.narrow?.name
  const timeout = () => budget.callTimeout()
  // Names narrow the candidates where the query has one (the read decides on the rest).
  let candidates: ReadonlyArray<ObjectRef> = refs
  if (wanted !== undefined && wanted !== "") {
    const exact = query.narrow?.exact === true
    const kept = await inBatches(refs, BATCH, async (match) => {
      const accessible = Accessible.of(session, match)
      const name = await accessible.name(timeout()).catch(goneAsUndefined)
      if (name === undefined) return undefined
      if (nameMayMatch(name, wanted, exact, profile)) return match
      // Combo boxes may be named by their value: their role decides, asked only for names that do not match.
      return (await accessible.role(timeout()).catch(goneAsUndefined)) === AtspiRole.comboBox ? match : undefined
    })
    candidates = kept.filter((match): match is ObjectRef => match !== undefined)
  }
  const key = container.path.join("/")
  const depth = container.path.length
  const maxDepth = Math.max(1, 64 - depth)
  let lastTop = -1
  let decided = 0
  for (let start = 0; start < candidates.length && !enough(); start += READ_BATCH) {
    decided = Math.min(candidates.length, start + READ_BATCH)
    const places = await inBatches(candidates.slice(start, start + READ_BATCH), BATCH,
      (match) => placeBelow(session, ref, match, timeout).catch(goneAsUndefined))
    const tops = new Set<number>()
    for (const place of places) {
      if (place === undefined) continue
      lastTop = Math.max(lastTop, place[0]!)
      // A child the window read took is the engine's already.
      if (!read.has(place[0]!)) tops.add(place[0]!)
    }
    if (tops.size === 0) continue
    const whole = await reader.read(ref, { maxDepth, deadline, rootPath: container.path, ...(cache === undefined ? {} : { cache }), focus: new Map([[key, tops]]) })
    for (const child of toObserved(whole.root).children ?? []) {
      if (!tops.has(child.path[depth]!)) continue
      for (const chain of chainsTo(child, query)) found.push(chain)
    }
    if (!whole.complete) {
      const note = whole.incomplete.includes("unresponsive")
        ? "the app stopped answering while the rows holding matches were read"
        : "the deadline passed while the rows holding matches were read"
      return { found, complete: false, searched: Math.min(unread, lastTop + 1), note }
    }
  }
  const decidedAll = decided >= candidates.length
  return { found, complete: decidedAll, searched: decidedAll ? unread : Math.min(unread, lastTop + 1), note: "searched by the toolkit (AT-SPI Collection)" }
}
