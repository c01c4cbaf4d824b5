/**
 * How a session starts its processes: each detached in its own session, output to `$STATE/logs/LABEL.log`, its PID
 * and argv appended to the ledger before anything waits on it, so `stopDesktop` reaches it even when start-up fails
 * half-way. Written for the compositor sessions (`wayland/`); `startDesktop.ts` has the same rules inline.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import type { Readable } from "node:stream"
import { setTimeout as sleep } from "node:timers/promises"
import { liveArgv, recordPid } from "./PidLedger.js"

/** A start-up failure that polling must not retry (a process died, a deadline passed). */
export class StartError extends Error {}

export interface LaunchOptions {
  /** Read one line the child writes to fd 3 (dbus-daemon --print-address=3). */
  readonly fd3?: boolean
  readonly env?: Readonly<Record<string, string>>
  /** Run as this user (root only): the compositors that refuse root. */
  readonly uid?: number
  readonly gid?: number
}

export interface Launcher {
  readonly logs: string
  readonly launch: (label: string, argv: ReadonlyArray<string>, options?: LaunchOptions) => ChildProcess
  /** Record a process something else started (a bus daemon, an activated service) so stop reaches it. */
  readonly adopt: (label: string, pid: number | undefined) => void
}

/** `env()` is read at each launch: what the session learnt so far (bus addresses, the display) reaches later children. */
export const processLauncher = (stateDir: string, logs: string, env: () => NodeJS.ProcessEnv): Launcher => ({
  logs,
  launch: (label, argv, options = {}) => {
    const log = openSync(join(logs, `${label}.log`), "a", 0o600)
    const [command, ...args] = argv
    const child = spawn(command!, args, {
      detached: true,
      stdio: options.fd3 ? ["ignore", log, log, "pipe"] : ["ignore", log, log],
      env: { ...env(), ...options.env },
      ...(options.uid === undefined ? {} : { uid: options.uid }),
      ...(options.gid === undefined ? {} : { gid: options.gid })
    })
    closeSync(log)
    child.on("error", () => {})
    child.unref()
    if (child.pid === undefined) throw new StartError(`${label}: could not start ${command}`)
    recordPid(stateDir, { pid: child.pid, label, argv })
    return child
  },
  adopt: (label, pid) => {
    const argv = pid === undefined ? undefined : liveArgv(pid)
    if (pid !== undefined && argv) recordPid(stateDir, { pid, label, argv })
  }
})

/** Reads one line a child writes to its fd 3. */
export const readFd3Line = (child: ChildProcess, what: string, deadline: number): Promise<string> =>
  new Promise((resolve, reject) => {
    const stream = child.stdio[3] as Readable | undefined
    if (!stream) return reject(new StartError(`${what}: no fd 3`))
    let text = ""
    const timer = setTimeout(() => finish(new StartError(`${what}: nothing on fd 3 before the deadline`)), Math.max(0, deadline - Date.now()))
    const finish = (error?: Error, line?: string) => {
      clearTimeout(timer)
      stream.removeAllListeners()
      stream.destroy()
      if (error) reject(error)
      else resolve(line ?? "")
    }
    stream.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8")
      const newline = text.indexOf("\n")
      if (newline >= 0) finish(undefined, text.slice(0, newline).trim())
    })
    stream.on("error", (error) => finish(error))
    child.once("exit", (code) => finish(new StartError(`${what} exited with code ${code} during start-up`)))
  })

/** Polls `probe` until it yields a value; a StartError from the probe is final, anything else is retried. */
export const pollUntil = async <A>(
  what: string,
  deadline: number,
  probe: () => Promise<A | undefined>,
  intervalMs = 50
): Promise<A> => {
  let lastError: unknown
  while (Date.now() < deadline) {
    try {
      const value = await probe()
      if (value !== undefined) return value
    } catch (error) {
      if (error instanceof StartError) throw error
      lastError = error
    }
    await sleep(intervalMs)
  }
  throw new StartError(`${what} not ready before the deadline${lastError ? `: ${String(lastError)}` : ""}`)
}

/** Watches a child during start-up: `check()` throws a StartError naming its log once it has exited. */
export const exitWatch = (child: ChildProcess, what: string, logPath: string): { readonly check: () => void } => {
  let exited: string | undefined
  child.once("exit", (code, signal) => {
    exited = `${what} exited (${signal ?? code}) during start-up; see ${logPath}`
  })
  return {
    check: () => {
      if (exited) throw new StartError(exited)
    }
  }
}

export const childrenOf = (parentPid: number): ReadonlyArray<number> =>
  readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === parentPid
      } catch {
        return false
      }
    })

export const onPath = (program: string): boolean =>
  program.startsWith("/")
    ? existsSync(program)
    : (process.env.PATH ?? "").split(":").some((dir) => dir.length > 0 && existsSync(join(dir, program)))
