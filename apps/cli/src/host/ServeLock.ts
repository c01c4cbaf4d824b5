/**
 * One warm host per binding (state root and desktop): `host/serve-<key>.lock`, created exclusively, holds the
 * `pid:start` of the host that owns the binding's socket (`start`: the process's start time in clock ticks, field
 * 22 of /proc/PID/stat, so a reused pid never passes for the host). Two hosts starting at once (two first calls in
 * parallel, each starting one) cannot both listen: the loser exits before it touches the socket. A lock left by a
 * host that crashed (that process is gone) is taken over; two starters taking over the same stale lock are told
 * apart afterwards by `holds`, which the host checks once it listens.
 */
import * as fs from "node:fs"
import { createPrivateFile } from "../bundle/PrivateDirectory.js"

/** `pid:start` of a live process, or undefined when it is gone. */
export const processToken = (pid: number): string | undefined => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    return fields[0] === "Z" ? undefined : `${pid}:${fields[19]}`
  } catch {
    return undefined
  }
}

const holderOf = (lock: string): string | undefined => {
  let fd: number | undefined
  try {
    fd = fs.openSync(lock, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW)
    return fs.readFileSync(fd, "utf8").trim()
  } catch {
    return undefined
  } finally {
    if (fd !== undefined) fs.closeSync(fd)
  }
}

/** Whether `token` still holds the lock (another starter may have taken over the same stale lock meanwhile). */
export const holds = (lock: string, token: string): boolean => holderOf(lock) === token

const create = (lock: string, token: string): boolean => {
  try {
    createPrivateFile(lock, `${token}\n`)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false
    throw error
  }
}

/** The release function when `token` now holds the lock; undefined when a live host holds it (or it cannot be had). */
export const takeServeLock = (lock: string, token = processToken(process.pid) ?? `${process.pid}:?`): (() => void) | undefined => {
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (create(lock, token)) return () => {
        if (holds(lock, token)) fs.rmSync(lock, { force: true })
      }
      const holder = holderOf(lock)
      if (holder === undefined) {
        // Being written this very moment (its writer has it open for microseconds), or unreadable: not ours to take.
        const age = Date.now() - (fs.lstatSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0)
        if (age < 2_000) return undefined
      } else {
        const pid = Number(holder.split(":")[0])
        if (Number.isSafeInteger(pid) && pid > 0 && processToken(pid) === holder) return undefined
      }
      fs.rmSync(lock, { force: true })
    }
  } catch {
    return undefined
  }
  return undefined
}
