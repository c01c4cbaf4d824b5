/**
 * AT-SPI `Table`: a table's size and its cells by row and column. Chromium answers a cell by (row, column) in constant
 * time where its rows by child index cost time growing with the index (tree/TableSearch.ts).
 */
import { variantValue } from "../dbus/DbusConnection.js"
import { DbusCallError } from "../dbus/DbusCallError.js"
import type { AtspiSession } from "./AtspiSession.js"
import { Iface } from "./Interfaces.js"
import type { ObjectRef } from "./ObjectRef.js"

const tableInterface = "org.a11y.atspi.Table"

/** Whether an error says the object serves no Table. */
export const noTable = (error: unknown): boolean =>
  error instanceof DbusCallError && (error.missingMethod || error.dbusName === "org.freedesktop.DBus.Error.UnknownInterface" ||
    error.dbusName === "org.freedesktop.DBus.Error.InvalidArgs" || error.dbusName === "org.freedesktop.DBus.Error.UnknownProperty" ||
    error.dbusName === "org.freedesktop.DBus.Error.NotSupported")

const property = async (session: AtspiSession, table: ObjectRef, name: string, timeoutMs: number): Promise<number> => {
  const [value] = await session.call(table, { interface: Iface.properties, member: "Get", signature: "ss", body: [tableInterface, name] }, timeoutMs)
  return Number(variantValue(value) ?? 0)
}

/** Rows and columns of `table`. */
export const tableSize = async (session: AtspiSession, table: ObjectRef, timeoutMs: number): Promise<{ rows: number; columns: number }> => {
  const [rows, columns] = await Promise.all([property(session, table, "NRows", timeoutMs), property(session, table, "NColumns", timeoutMs)])
  return { rows, columns }
}

/** The cell at (`row`, `column`); the null object where there is none. */
export const cellAt = async (session: AtspiSession, table: ObjectRef, row: number, column: number, timeoutMs: number): Promise<ObjectRef> => {
  const [value] = await session.call(table, { interface: tableInterface, member: "GetAccessibleAt", signature: "ii", body: [row, column] }, timeoutMs)
  const [busName, path] = (Array.isArray(value) ? value : []) as [unknown, unknown]
  return { busName: String(busName ?? "") || table.busName, path: String(path ?? "") }
}
