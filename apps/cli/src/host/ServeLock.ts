/**
 * One warm host per state root: `host/serve.lock`, created exclusively, holds the pid of the host that owns the
 * socket. Two hosts starting at once (two first calls in parallel, each starting one) cannot both listen — the
 * loser exits before it touches the socket. A lock left by a host that crashed (its pid gone, or reused by a process
 * that is not an agent-desktop host) is taken over.
 */
import * as fs from "node:fs"
import * as path from "node:path"

const LOCK_NAME = "serve.lock"

const isHost = (pid: number): boolean => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").includes("serve")
  } catch {
    return false
  }
}

const holder = (lock: string): number | undefined => {
  try {
    const pid = Number(fs.readFileSync(lock, "utf8").trim())
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

/** The release function when this process now holds the lock; undefined when a live host holds it. */
export const takeServeLock = (dir: string, pid = process.pid): (() => void) | undefined => {
  const lock = path.join(dir, LOCK_NAME)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lock, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW, 0o600)
      fs.writeSync(fd, `${pid}\n`)
      fs.closeSync(fd)
      return () => {
        if (holder(lock) === pid) fs.rmSync(lock, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") return undefined
      const owner = holder(lock)
      if (owner !== undefined && owner !== pid && isHost(owner)) return undefined
      // A stale lock (or one still being written, which reads as no pid: its writer has it open for microseconds).
      if (owner === undefined && attempt === 0) {
        const age = Date.now() - (fs.lstatSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0)
        if (age < 2_000) return undefined
      }
      fs.rmSync(lock, { force: true })
    }
  }
  return undefined
}
