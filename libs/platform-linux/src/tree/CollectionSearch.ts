/**
 * `find` inside a paged container through the toolkit's own search (AT-SPI `Collection.GetMatches`): one call returns
 * every descendant of the wanted roles, however many rows the container has (the ATK bridge walks its objects in the
 * app's process; Firefox ESR lists 50,000 rows' buttons in one reply, where reading them page by page stopped near
 * row 30,000). A match rule cannot hold a name, so names are read for the returned objects only, and the rows holding
 * candidates are read whole (tree/SearchCandidates.ts).
 */
import type { ObservedNode, PagedQuery } from "@agent-desktop/platform"
import type { AtspiSession } from "../atspi/AtspiSession.js"
import { getMatches, noCollection } from "../atspi/Collection.js"
import type { ObjectRef } from "../atspi/ObjectRef.js"
import { DbusCallError } from "../dbus/DbusCallError.js"
import { Budget, BudgetExpired } from "./Budget.js"
import type { CacheIndex } from "./read/CacheIndex.js"
import { atspiRolesFor, narrowByName, readCandidateRows, type SearchOutcome } from "./SearchCandidates.js"
import type { TreeReader } from "./TreeReader.js"

export { atspiRolesFor, nameMayMatch, placeBelow } from "./SearchCandidates.js"
export type { SearchOutcome as CollectionOutcome } from "./SearchCandidates.js"

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
): Promise<SearchOutcome | undefined> => {
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
  const timeout = () => budget.callTimeout()
  const candidates = await narrowByName(session, refs, query, profile, timeout)
  const rows = await readCandidateRows(session, reader, container, ref, read, query, deadline, cache, candidates, timeout, found, enough)
  if (rows.note !== undefined) return { found, complete: false, searched: Math.min(unread, rows.lastTop + 1), note: rows.note }
  const decidedAll = rows.decided >= candidates.length
  return { found, complete: decidedAll, searched: decidedAll ? unread : Math.min(unread, rows.lastTop + 1), note: "searched by the toolkit (AT-SPI Collection)" }
}
