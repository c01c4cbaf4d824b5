import { spawn, type ChildProcess } from "node:child_process"
import { createRequire } from "node:module"

const sqlite = createRequire(import.meta.url).resolve("better-sqlite3")

/**
 * Another process that takes the store's write lock (BEGIN EXCLUSIVE) and keeps it until released: the probe's
 * "another process holds the database". Resolves once the lock is held.
 */
export const holdStoreLock = async (databaseFile: string): Promise<{ readonly release: () => Promise<void> }> => {
  const script = `
    const Database = require(${JSON.stringify(sqlite)})
    const db = new Database(${JSON.stringify(databaseFile)})
    db.exec("BEGIN EXCLUSIVE")
    process.stdout.write("locked\\n")
    process.stdin.on("end", () => { db.exec("ROLLBACK"); db.close(); process.exit(0) })
    process.stdin.resume()
  `
  const child: ChildProcess = spawn(process.execPath, ["-e", script], { stdio: ["pipe", "pipe", "inherit"] })
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => (String(chunk).includes("locked") ? resolve() : undefined))
    child.on("exit", (code) => reject(new Error(`lock holder exited with ${code}`)))
  })
  return {
    release: () =>
      new Promise<void>((resolve) => {
        child.on("exit", () => resolve())
        child.stdin!.end()
      })
  }
}
