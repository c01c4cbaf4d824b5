/**
 * Warm hosts (`agent-desktop serve`) for tests: started from the built entry, ready once they say where they listen
 * (their stderr's `listening on SOCKET` line, whatever the socket's location), and the processes that make one up
 * (the host and its engine process: a call the host ran carries one of their pids in its trace).
 */
import { type ChildProcess, spawn } from "node:child_process"
import * as fs from "node:fs"
import { BIN, envelopeOf, runBinary } from "./binary.js"

export interface ServedHost {
  readonly process: ChildProcess
  readonly pid: number
  /** The socket it listens on. */
  readonly socket: string
}

/** Starts `serve` and resolves once it listens; rejects with its stderr when it exits first or takes over 20 s. */
export const startServe = (env: NodeJS.ProcessEnv, args: ReadonlyArray<string> = [], bin = BIN): Promise<ServedHost> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, "serve", ...args], { env, stdio: ["ignore", "ignore", "pipe"] })
    let stderr = ""
    const timer = setTimeout(() => reject(new Error(`serve did not listen within 20 s: ${stderr}`)), 20_000)
    child.stderr!.on("data", (chunk) => {
      stderr += chunk
      const match = /listening on (\S+)/.exec(stderr)
      if (match) {
        clearTimeout(timer)
        resolve({ process: child, pid: child.pid!, socket: match[1]! })
      }
    })
    child.on("exit", (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`serve exited (${signal ?? code}) before listening: ${stderr}`))
    })
  })

const parentOf = (pid: number): number | undefined => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1])
  } catch {
    return undefined
  }
}

/** The host and its children (its engine process) as they are now. */
export const hostFamily = (hostPid: number): ReadonlySet<number> =>
  new Set([hostPid, ...fs.readdirSync("/proc").filter((entry) => /^\d+$/.test(entry)).map(Number).filter((pid) => parentOf(pid) === hostPid)])

/** The engine process of a host (its one child), or undefined while it has none. */
export const enginePidOf = (hostPid: number): number | undefined => [...hostFamily(hostPid)].find((pid) => pid !== hostPid)

/** Resident and peak memory (VmRSS, VmHWM) of a process in bytes, from /proc. */
export const memoryOf = (pid: number): { readonly rss: number; readonly peak: number } => {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8")
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024
  return { rss: field("VmRSS"), peak: field("VmHWM") }
}

export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.on("exit", (code) => resolve(code))))

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export const until = async (check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> => {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) if (await check()) return true
  return check()
}

/** The pids that ran `command` in a session, oldest first, from its trace's command.start events. */
export const runnerPids = (env: NodeJS.ProcessEnv, session: string, command: string): Array<number> => {
  const events = envelopeOf(runBinary(["trace", "show", "--session", session, "--limit", "0"], { ...env, AGENT_DESKTOP_HOST: "off" }))["data"]["events"] as Array<Record<string, any>>
  return events.filter((event) => event["event"] === "command.start" && event["command"] === command).map((event) => event["pid"] as number)
}

/** A session of its own for a test, started in-process. */
export const newSession = (env: NodeJS.ProcessEnv, name: string): string =>
  envelopeOf(runBinary(["session", "start", "--name", name], { ...env, AGENT_DESKTOP_HOST: "off" }))["data"]["session_id"] as string
