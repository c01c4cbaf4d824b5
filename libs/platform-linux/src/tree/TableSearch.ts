/**
 * `find` inside a paged table cell by cell (AT-SPI `Table.GetAccessibleAt`), for toolkits whose rows by child index
 * cost time growing with the index (`ToolkitProfile.tableCellsByPosition`): there every route through the children
 * (`GetChildAtIndex`, `GetChildren`, `Collection.GetMatches` of the table, which walks them by index) grows faster
 * than the rows, while a cell by row and column answers in constant time. Each cell's own few descendants are asked
 * with `Collection.GetMatches` on the cell; names narrow them and the rows holding candidates are read whole
 * (tree/SearchCandidates.ts). Rows are taken a batch at a time, so a search stops as soon as it has enough matches.
 */
import type { ObservedNode, PagedQuery } from "@agent-desktop/platform"
import { isNullRef } from "../atspi/Accessible.js"
import type { AtspiSession } from "../atspi/AtspiSession.js"
import { getMatches, noCollection } from "../atspi/Collection.js"
import type { ObjectRef } from "../atspi/ObjectRef.js"
import { AtspiRole } from "../atspi/Roles.js"
import { cellAt, noTable, tableSize } from "../atspi/Table.js"
import { DbusCallError } from "../dbus/DbusCallError.js"
import { Budget, BudgetExpired } from "./Budget.js"
import { atspiRolesFor, BATCH, goneAsUndefined, inBatches, narrowByName, readCandidateRows, type SearchOutcome } from "./SearchCandidates.js"
import type { TreeReader } from "./TreeReader.js"

/** Cells asked per batch of rows (a batch's rows are decided before the next batch is asked). */
const CELLS_PER_BATCH = 2_048

/**
 * Searches the children of a paged table `container` (`read`: the child indexes a read took) by its cells.
 * Undefined where the route does not apply: the toolkit answers rows by index as fast as cells, the container is no
 * table, or the query names neither a role nor a name (the caller searches another way).
 */
export const searchByTable = async (
  session: AtspiSession,
  reader: TreeReader,
  container: ObservedNode,
  ref: ObjectRef,
  read: ReadonlySet<number>,
  query: PagedQuery,
  deadline: number,
  alreadyFound: number
): Promise<SearchOutcome | undefined> => {
  if (query.narrow?.role === undefined && (query.narrow?.name ?? "") === "") return undefined
  const budget = new Budget(deadline, 10_000)
  const timeout = () => budget.callTimeout()
  const profile = await session.toolkits.profileOf(ref.busName, timeout())
  if (profile.tableCellsByPosition !== true) return undefined
  let size: { rows: number; columns: number }
  try {
    size = await tableSize(session, ref, timeout())
  } catch (error) {
    if (noTable(error)) return undefined
    throw error
  }
  if (size.rows <= 0 || size.columns <= 0) return undefined
  const roles = atspiRolesFor(query.narrow?.role)
  // A cell is a match itself where the query asks for cells or for any role.
  const cellsMatch = roles.length === 0 || roles.includes(AtspiRole.tableCell)
  const unread = Math.max(0, container.childCount - read.size)
  const found: Array<Array<ObservedNode>> = []
  const enough = () => query.limit > 0 && alreadyFound + found.length >= query.limit
  const rowsPerBatch = Math.max(1, Math.floor(CELLS_PER_BATCH / size.columns))
  let lastTop = -1
  let rowsDone = 0
  const partial = (note: string): SearchOutcome => ({ found, complete: false, searched: Math.min(unread, lastTop + 1), note })
  try {
    for (let from = 0; from < size.rows && !enough(); from += rowsPerBatch) {
      if (Date.now() >= deadline) throw new BudgetExpired()
      const positions: Array<[number, number]> = []
      for (let row = from; row < Math.min(size.rows, from + rowsPerBatch); row++) {
        for (let column = 0; column < size.columns; column++) positions.push([row, column])
      }
      const cells = await inBatches(positions, BATCH, ([row, column]) => cellAt(session, ref, row, column, timeout()).catch(goneAsUndefined))
      // A cell spanning columns or rows is answered at each of its positions: asked once.
      const seen = new Set<string>()
      const unique = cells.filter((cell): cell is ObjectRef => {
        if (cell === undefined || isNullRef(cell) || seen.has(cell.path)) return false
        seen.add(cell.path)
        return true
      })
      // Undefined: the cell serves no Collection, and its row is read whole instead.
      const below = await inBatches(unique, BATCH, (cell) => getMatches(session, cell, { roles, states: [] }, 0, timeout())
        .catch((error: unknown) => noCollection(error) ? undefined : goneAsUndefined(error) ?? [] as ReadonlyArray<ObjectRef>))
      const named: Array<ObjectRef> = []
      const whole: Array<ObjectRef> = []
      unique.forEach((cell, i) => {
        const descendants = below[i]
        if (descendants === undefined) return void whole.push(cell)
        if (cellsMatch) named.push(cell)
        named.push(...descendants)
      })
      const candidates = [...await narrowByName(session, named, query, profile, timeout), ...whole]
      const rows = await readCandidateRows(session, reader, container, ref, read, query, deadline, null, candidates, timeout, found, enough)
      lastTop = Math.max(lastTop, rows.lastTop)
      if (rows.note !== undefined) return partial(rows.note)
      rowsDone = Math.min(size.rows, from + rowsPerBatch)
    }
  } catch (error) {
    if (error instanceof BudgetExpired) return partial(`the deadline passed after ${rowsDone} of ${size.rows} rows were searched cell by cell`)
    if (error instanceof DbusCallError && error.failure === "timeout") return partial(`the app stopped answering after ${rowsDone} of ${size.rows} rows were searched cell by cell`)
    throw error
  }
  const all = rowsDone >= size.rows
  return { found, complete: all, searched: all ? unread : Math.min(unread, lastTop + 1), note: "searched cell by cell (AT-SPI Table)" }
}
