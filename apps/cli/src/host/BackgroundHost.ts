/**
 * Starting a warm host (`agent-desktop serve`) for this caller's state root and desktop: detached, in its own
 * session, its output discarded and its working directory `/` (it changes to each request's own).
 *
 * Without AGENT_DESKTOP_HOST the CLI does this when no host runs, and runs its own call in-process: only the calls
 * after it are served warm (`startHostIfDue`). At most one start a minute per binding (`host/last-start-<key>`), so
 * a host that cannot start (or exits at once because another won the race: ServeLock.ts) never costs each call a
 * process, unless the last one did start and has died since (its socket is left, nobody listens); and none where the state root is not yet private to us (the first call ever creates it). The CLI entry
 * loads this module lazily (build.mjs), so node:child_process is loaded only by a call that may start one.
 */
import { type ChildProcess, spawn } from "node:child_process"
import * as fs from "node:fs"
import { createPrivateFile, privateSubdirectory } from "../bundle/PrivateDirectory.js"
import { HOST_DIR, hostFiles, stateRootOf } from "./HostAddress.js"

const RESTART_AFTER_MS = 60_000

export const startHostInBackground = (entry: string, env: NodeJS.ProcessEnv): ChildProcess | undefined => {
  try {
    const child = spawn(process.execPath, [entry, "serve"], { env, cwd: "/", detached: true, stdio: "ignore" })
    child.on("error", () => undefined)
    child.unref()
    return child
  } catch {
    // No host then: every call keeps running in-process.
    return undefined
  }
}

/**
 * Starts a host unless one was started for this binding in the last minute; true when it started one. `staleSocket`:
 * a socket file nobody listens on (its host was killed). When that host came up after the last start (the socket is
 * newer than the marker), the start worked and the host died since: another is due at once.
 */
export const startHostIfDue = (entry: string, env: NodeJS.ProcessEnv, now = Date.now(), staleSocket?: string): boolean => {
  const root = stateRootOf(env)
  const dir = root === undefined ? undefined : privateSubdirectory(root, HOST_DIR, true)
  if (dir === undefined) return false
  const marker = hostFiles(dir, env).lastStart
  try {
    const last = fs.lstatSync(marker, { throwIfNoEntry: false })
    const died = staleSocket === undefined ? undefined : fs.lstatSync(staleSocket, { throwIfNoEntry: false })
    const cameUpSince = last !== undefined && died !== undefined && died.mtimeMs > last.mtimeMs
    if (last !== undefined && (!last.isFile() || (now - last.mtimeMs < RESTART_AFTER_MS && !cameUpSince))) return false
    if (last === undefined) createPrivateFile(marker)
    else fs.utimesSync(marker, now / 1000, now / 1000)
  } catch {
    return false
  }
  startHostInBackground(entry, env)
  return true
}
