/**
 * Which children of a node a read takes. A container with no more children than a page (`maxChildrenPerNode`) is
 * read whole. One with more is paged: the page a read asks for (`ReadOptions.pages`: a drill-down's
 * `--children-from`), else the children on paths the read must include (`ReadOptions.focus`: a ref's saved place),
 * else its first page. Paging is a read by design, not a cut: the read stays complete, and `find` searches the rest
 * (`PagedSearch.ts`).
 */
import type { ReadTreeOptions } from "@agent-desktop/platform"
import type { ReadOptions } from "../ReadOptions.js"
import type { ReadContext } from "./ReadContext.js"

/** The child indexes to read, ascending; undefined when every child is read. */
export const pagedIndexes = (context: ReadContext, path: ReadonlyArray<number>, childCount: number): ReadonlyArray<number> | undefined => {
  const page = context.limits.maxChildrenPerNode
  if (childCount <= page) return undefined
  const key = path.join("/")
  const asked = context.options.pages?.get(key)
  if (asked !== undefined) {
    const from = Math.max(0, Math.min(asked.from, childCount))
    const end = Math.min(childCount, from + Math.max(1, Math.min(asked.count ?? page, page)))
    return range(from, end)
  }
  const focused = context.options.focus?.get(key)
  if (focused !== undefined) {
    const inside = [...focused].filter((index) => index >= 0 && index < childCount).sort((a, b) => a - b)
    if (inside.length > 0) return inside.slice(0, page)
  }
  return range(0, page)
}

const range = (from: number, end: number): Array<number> => Array.from({ length: Math.max(0, end - from) }, (_, i) => from + i)

/** `ReadOptions.focus` from paths: for every prefix, the index the path takes there. */
export const focusIndex = (paths: ReadonlyArray<ReadonlyArray<number>>): ReadonlyMap<string, ReadonlySet<number>> => {
  const out = new Map<string, Set<number>>()
  for (const path of paths) {
    for (let depth = 0; depth < path.length; depth++) {
      const key = path.slice(0, depth).join("/")
      const indexes = out.get(key)
      if (indexes) indexes.add(path[depth]!)
      else out.set(key, new Set([path[depth]!]))
    }
  }
  return out
}

/** The reader's `pages` and `focus` from the adapter's options (paths from the window root). */
export const pagingOptions = (options: ReadTreeOptions): Pick<ReadOptions, "pages" | "focus"> => ({
  ...(options.pages === undefined || options.pages.length === 0
    ? {}
    : { pages: new Map(options.pages.map((page) => [page.path.join("/"), { from: page.from, ...(page.count === undefined ? {} : { count: page.count }) }])) }),
  ...(options.focus === undefined || options.focus.length === 0 ? {} : { focus: focusIndex(options.focus) })
})
