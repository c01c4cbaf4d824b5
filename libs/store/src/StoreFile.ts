/**
 * The database file's life cycle. A new store is created complete or not at all: its schema is written into a
 * private temporary file which is then linked into place (link fails if another process won the race, and then
 * that one's file is used), so a crash or a kill -9 can never leave a half-made events.db behind.
 *
 * That makes a 0-byte events.db meaningful: the file was truncated or replaced (a full disk, a copy gone wrong, a
 * planted file), and opening it would silently begin an empty store that hides every snapshot and session. It is
 * refused instead. (In WAL mode a store's data may all sit in events.db-wal with the main file still empty: that is
 * a real store, and it opens.)
 */
import * as fs from "node:fs"
import { openDatabase } from "./Database.js"
import type { SqliteBinding } from "./sql/openSqlite.js"
import { ensurePrivateFile } from "./StateRoot.js"
import { StoreFailure } from "./StoreErrors.js"

const sizeOf = (file: string): number | undefined => {
  try {
    return fs.lstatSync(file).size
  } catch {
    return undefined
  }
}

let created = 0

/** Makes `file` a complete, empty store unless something is already there (a file, a link, anything). */
export const createStoreFile = (file: string, binding?: SqliteBinding): void => {
  if (sizeOf(file) !== undefined) return
  const temporary = `${file}.new-${process.pid}-${++created}`
  try {
    ensurePrivateFile(temporary)
    openDatabase(temporary, binding === undefined ? {} : { binding }).close()
    try {
      fs.linkSync(temporary, file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
    }
  } finally {
    for (const leftover of [temporary, `${temporary}-wal`, `${temporary}-shm`]) fs.rmSync(leftover, { force: true })
  }
}

export const refuseEmptyStore = (file: string): void => {
  if (sizeOf(file) !== 0) return
  if ((sizeOf(`${file}-wal`) ?? 0) > 0) return
  throw new StoreFailure({
    message: `${file} is empty (0 bytes): the store was truncated or replaced, so it is not opened as a new one`,
    cause: file,
    reason: "corrupt"
  })
}
