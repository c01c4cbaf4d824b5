/**
 * Starting a warm host (`agent-desktop serve`) for this caller's state root and desktop: detached, in its own
 * session, its output discarded and its working directory `/` (it changes to each request's own).
 *
 * Without AGENT_DESKTOP_HOST the CLI does this when no host runs, and runs its own call in-process: only the calls
 * after it are served warm (`startHostIfDue`). At most one start a minute per state root (`host/last-start`), so a
 * host that cannot start (or exits at once because another won the race: ServeLock.ts) never costs each call a
 * process; and none where the state root is not yet private to us (the first call ever creates it). Loads
 * node:child_process only when it starts one.
 */
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { privateSubdirectory } from "../bundle/PrivateDirectory.js"
import { HOST_DIR, stateRootOf } from "./HostAddress.js"

const RESTART_AFTER_MS = 60_000

export const startHostInBackground = (entry: string, env: NodeJS.ProcessEnv): void => {
  try {
    const child = spawn(process.execPath, [entry, "serve"], { env, cwd: "/", detached: true, stdio: "ignore" })
    child.on("error", () => undefined)
    child.unref()
  } catch {
    // No host then: every call keeps running in-process.
  }
}

/** Starts a host unless one was started for this state root in the last minute; true when it started one. */
export const startHostIfDue = (entry: string, env: NodeJS.ProcessEnv, now = Date.now()): boolean => {
  const root = stateRootOf(env)
  const dir = root === undefined ? undefined : privateSubdirectory(root, HOST_DIR, true)
  if (dir === undefined) return false
  const marker = path.join(dir, "last-start")
  try {
    const last = fs.lstatSync(marker, { throwIfNoEntry: false })
    if (last !== undefined && (!last.isFile() || now - last.mtimeMs < RESTART_AFTER_MS)) return false
    fs.writeFileSync(marker, `${process.pid}\n`, { mode: 0o600, flag: last === undefined ? "wx" : "w" })
  } catch {
    return false
  }
  startHostInBackground(entry, env)
  return true
}
