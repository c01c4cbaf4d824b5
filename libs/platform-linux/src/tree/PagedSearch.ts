/**
 * `find` past a read's pages: a container with more children than one read takes (`paged`) was read by one page;
 * its other children are searched here, page by page (each a read of the container's subtree by child range,
 * `ReadOptions.pages`), sharing one read of the app's cache, until enough matches are found or the deadline passes.
 * Each page costs what a window read of that page costs, so a search grows linearly with the rows searched.
 */
import type { ObservedNode, PagedQuery, PagedSearch, TreeObservation } from "@agent-desktop/platform"
import type { AtspiSession } from "../atspi/AtspiSession.js"
import { DbusCallError } from "../dbus/DbusCallError.js"
import { BudgetExpired } from "./Budget.js"
import { searchByCollection } from "./CollectionSearch.js"
import { toObserved } from "./Observed.js"
import { refOfHandle } from "./RawNode.js"
import { defaultReadLimits } from "./ReadLimits.js"
import { chainsTo } from "./SearchCandidates.js"
import { searchByTable } from "./TableSearch.js"
import type { TreeReader } from "./TreeReader.js"

/** Read depth of a whole window (the engine's WHOLE_WINDOW_DEPTH). */
const WINDOW_DEPTH = 64

const pagedNodes = (root: ObservedNode): Array<ObservedNode> => {
  const out: Array<ObservedNode> = []
  const visit = (node: ObservedNode) => {
    if (node.paged === true) out.push(node)
    for (const child of node.children ?? []) visit(child)
  }
  visit(root)
  return out
}

export const searchPaged = async (
  session: AtspiSession,
  reader: TreeReader,
  observation: TreeObservation,
  query: PagedQuery,
  deadline: number
): Promise<PagedSearch> => {
  const page = defaultReadLimits.maxChildrenPerNode
  const containers = pagedNodes(observation.root)
  const found: Array<Array<ObservedNode>> = []
  let searched = 0
  let remaining = containers.reduce((n, node) => n + Math.max(0, node.childCount - (node.children?.length ?? 0)), 0)
  if (containers.length === 0) return { found, complete: true, searched, remaining: 0 }
  const enough = () => query.limit > 0 && found.length >= query.limit
  let note: string | undefined
  let cache: Awaited<ReturnType<TreeReader["sharedCache"]>> | undefined
  try {
    for (const container of containers) {
      const ref = refOfHandle(container.handle)
      if (ref === undefined) continue
      const depth = container.path.length
      const read = new Set((container.children ?? []).map((child) => child.path[depth]!))
      const key = container.path.join("/")
      // The toolkit's own search first (its cells, or one call for every row); pages where it serves none.
      // Its few rows are read live: the app's cache of a big page is a bigger read than they are.
      // A table whose rows by index cost more the further down they sit is searched by its cells instead.
      const byToolkit = await searchByTable(session, reader, container, ref, read, query, deadline, found.length) ??
        await searchByCollection(session, reader, container, ref, read, query, deadline, null, found.length)
      if (byToolkit !== undefined) {
        found.push(...byToolkit.found.map((chain) => [...chain]))
        searched += byToolkit.searched
        remaining -= byToolkit.searched
        note = byToolkit.note
        if (!byToolkit.complete && !enough()) return { found, complete: false, searched, remaining: Math.max(0, remaining), ...(note === undefined ? {} : { note }) }
        if (enough()) break
        continue
      }
      cache ??= await reader.sharedCache(ref.busName, deadline)
      for (let from = 0; from < container.childCount && !enough(); from += page) {
        // A page the window read already holds whole is not read again.
        let unread = 0
        for (let index = from; index < Math.min(container.childCount, from + page); index++) if (!read.has(index)) unread++
        if (unread === 0) continue
        if (Date.now() >= deadline) throw new BudgetExpired()
        const maxDepth = Math.max(1, WINDOW_DEPTH - depth)
        // By structure alone where the query allows it; then the children holding a match are read whole.
        const result = await reader.read(ref, {
          maxDepth, deadline, rootPath: container.path, cache, pages: new Map([[key, { from }]]),
          ...(query.fieldsOnly === true ? { details: false } : {})
        })
        const holding = (toObserved(result.root).children ?? [])
          .filter((child) => !read.has(child.path[depth]!) && chainsTo(child, query).length > 0)
        let tops = holding
        if (query.fieldsOnly === true && holding.length > 0) {
          const whole = await reader.read(ref, {
            maxDepth, deadline, rootPath: container.path, cache,
            focus: new Map([[key, new Set(holding.map((child) => child.path[depth]!))]])
          })
          tops = (toObserved(whole.root).children ?? []).filter((child) => !read.has(child.path[depth]!))
        }
        for (const child of tops) for (const chain of chainsTo(child, query)) found.push(chain)
        searched += unread
        remaining -= unread
        if (!result.complete) {
          note = result.incomplete.includes("unresponsive")
            ? "the app stopped answering while its rows were read"
            : "the deadline passed while its rows were read"
          return { found, complete: false, searched, remaining: Math.max(0, remaining), note }
        }
      }
      if (enough()) break
    }
  } catch (error) {
    if (!(error instanceof BudgetExpired) && !(error instanceof DbusCallError && error.failure === "timeout")) throw error
    note = error instanceof BudgetExpired ? "the deadline passed before every page was searched" : "the app stopped answering while its rows were read"
    return { found, complete: false, searched, remaining: Math.max(0, remaining), note }
  }
  // Stopped with enough matches: not every child was searched (the engine reports the rest as not counted).
  return { found, complete: remaining <= 0, searched, remaining: Math.max(0, remaining), ...(note === undefined ? {} : { note }) }
}
