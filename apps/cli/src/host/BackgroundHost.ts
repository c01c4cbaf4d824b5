/**
 * Starting a warm host (`agent-desktop serve`) for this caller's state root and desktop: detached, in its own
 * session, its output discarded and its working directory `/` (it changes to each request's own).
 *
 * Without AGENT_DESKTOP_HOST the CLI does this when no host runs, and runs its own call in-process: only the calls
 * after it are served warm (`startHostIfDue`). At most one start a minute per binding (`host/last-start-<key>`), so
 * a host that cannot start (or exits at once because another won the race: ServeLock.ts) never costs each call a
 * process; and none where the state root is not yet private to us (the first call ever creates it). The CLI entry
 * loads this module lazily (build.mjs), so node:child_process is loaded only by a call that may start one.
 */
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import { createPrivateFile, privateSubdirectory } from "../bundle/PrivateDirectory.js"
import { HOST_DIR, hostFiles, stateRootOf } from "./HostAddress.js"

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
  const marker = hostFiles(dir, env).lastStart
  try {
    const last = fs.lstatSync(marker, { throwIfNoEntry: false })
    if (last !== undefined && (!last.isFile() || now - last.mtimeMs < RESTART_AFTER_MS)) return false
    if (last === undefined) createPrivateFile(marker)
    else fs.utimesSync(marker, now / 1000, now / 1000)
  } catch {
    return false
  }
  startHostInBackground(entry, env)
  return true
}
