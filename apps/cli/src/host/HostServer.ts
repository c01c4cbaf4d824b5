/**
 * `agent-desktop serve [--idle-timeout-ms N]`: a warm host for one state root and one desktop. It keeps one engine
 * runtime (the store open, the D-Bus connection and the platform adapter warm) and runs CLI invocations sent over
 * a Unix socket in `<state root>/host/` exactly as the CLI would (`main()` with the client's argv, environment and
 * working directory), answering with the bytes the CLI would have printed. It runs one request at a time (they
 * share the process's working directory): a request that arrives while another runs is declined, and its client
 * runs it in a process of its own, as without a host, so a long `wait` (or `wait --event` for what the caller's next
 * command does) never holds up the calls beside it. It exits after `--idle-timeout-ms` without a
 * request (default 10 minutes), on SIGINT/SIGTERM/SIGHUP (aborting a running request, which still answers), when
 * the installation it runs from was rebuilt or upgraded (Installation.ts; that request is declined), when its
 * desktop is gone (DesktopPresence.ts, checked every few seconds), and removes its socket. One host per state root
 * and desktop (its socket and lock are named by the binding: HostAddress.ts `hostFiles`; ServeLock.ts): a second
 * one started for the same binding exits at once. A request from another binding is declined at once and leaves the
 * idle timer alone.
 */
import * as fs from "node:fs"
import * as net from "node:net"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { privateSubdirectory } from "../bundle/PrivateDirectory.js"
import type { EngineRunner, NativeEnvelope } from "../EngineRequest.js"
import { main } from "../main.js"
import { cliProgram, platformAdapter } from "../runEngine.js"
import { makeEngineRuntime } from "@agent-desktop/engine"
import { fingerprintOf, HOST_DIR, hostFiles, stateRootOf } from "./HostAddress.js"
import { type AbortLine, type HostRequest, type HostResponse, MAX_REQUEST_BYTES } from "./HostProtocol.js"
import { desktopPresent, desktopSockets, watchSockets } from "./DesktopPresence.js"
import { installationStamp } from "./Installation.js"
import { holds, processToken, takeServeLock } from "./ServeLock.js"

const DEFAULT_IDLE_MS = 10 * 60 * 1000
const PRESENCE_CHECK_MS = 3_000

export interface ServeIo {
  readonly env: Readonly<Record<string, string | undefined>>
  readonly stderr: (text: string) => void
}

const parseIdle = (argv: ReadonlyArray<string>): number | string => {
  let idle = DEFAULT_IDLE_MS
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === "--idle-timeout-ms") {
      const value = argv[++i]
      if (value === undefined || !/^[0-9]{1,10}$/.test(value)) return "--idle-timeout-ms needs a whole number of milliseconds"
      idle = Number(value)
    } else {
      return `unknown argument '${arg}'`
    }
  }
  return idle
}

/** Connects to a socket to see whether a host is alive there. */
const isAlive = (socket: string) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createConnection(socket)
    probe.on("connect", () => {
      probe.destroy()
      resolve(true)
    })
    probe.on("error", () => resolve(false))
  })

export const runServe = async (argv: ReadonlyArray<string>, io: ServeIo): Promise<number> => {
  const idleMs = parseIdle(argv)
  if (typeof idleMs === "string") {
    io.stderr(`agent-desktop serve: ${idleMs}\nusage: agent-desktop serve [--idle-timeout-ms N]\n`)
    return 2
  }
  const root = stateRootOf(io.env)
  if (root === undefined) {
    io.stderr("agent-desktop serve: AGENT_DESKTOP_HOME must be an absolute path\n")
    return 2
  }
  const engine = makeEngineRuntime(platformAdapter(true), io.env["AGENT_DESKTOP_HOME"] || undefined)
  // Building the runtime opens the store, which creates (or refuses) the state root before the socket goes in it.
  const dir = (await engine.build()) ? privateSubdirectory(root, HOST_DIR, true) : undefined
  if (dir === undefined) {
    io.stderr(`agent-desktop serve: the state root ${root} is not usable or not private to this user\n`)
    await engine.dispose()
    return 1
  }
  const { socket, lock } = hostFiles(dir, io.env)
  const token = processToken(process.pid) ?? `${process.pid}:?`
  const releaseLock = takeServeLock(lock, token)
  if (releaseLock === undefined || (fs.existsSync(socket) && await isAlive(socket))) {
    releaseLock?.()
    io.stderr(`agent-desktop serve: a host is already running on ${socket}\n`)
    await engine.dispose()
    return 1
  }
  // A stale socket of a host that is gone; only the lock's holder gets here (checked again: a takeover race).
  if (holds(lock, token)) fs.rmSync(socket, { force: true })

  const fingerprint = fingerprintOf(io.env)
  const bundle = fileURLToPath(import.meta.url)
  const installation = installationStamp(bundle)
  const warmRunner: EngineRunner = async (request) => (await engine.run(request.command, cliProgram(request))) as NativeEnvelope

  let queue: Promise<unknown> = Promise.resolve()
  let running = 0
  const active = new Set<AbortController>()
  let idleTimer: NodeJS.Timeout | undefined
  let stopping: Promise<void> | undefined
  let own: fs.Stats | undefined
  const sockets = watchSockets(desktopSockets(io.env))
  const presence = setInterval(() => {
    if (desktopPresent(sockets)) return
    io.stderr("agent-desktop serve: the desktop is gone; exiting\n")
    void stop()
  }, PRESENCE_CHECK_MS)
  presence.unref()

  /** Why this host must not run a request: another binding (from the request's own env), a replaced bundle, a call running. */
  const declineReason = (request: HostRequest): string | undefined => {
    if (typeof request.env !== "object" || request.env === null || fingerprintOf(request.env) !== fingerprint) return "another desktop or state root"
    if (installationStamp(bundle) !== installation) {
      void stop()
      return "agent-desktop was rebuilt or upgraded since this host started"
    }
    if (running > 0) return "busy with another call"
    return undefined
  }

  const serveOne = async (request: HostRequest, abort: AbortController): Promise<HostResponse> => {
    try {
      process.chdir(request.cwd)
    } catch {
      return { kind: "declined", reason: "working directory not reachable" }
    }
    let stdout = ""
    let stderr = ""
    const exit = await main(request.argv, {
      env: request.env,
      stdout: (text) => void (stdout += text),
      stderr: (text) => void (stderr += text),
      runEngine: warmRunner,
      signal: abort.signal
    })
    return { kind: "result", stdout, stderr, exit }
  }

  const armIdle = () => {
    if (idleTimer !== undefined) clearTimeout(idleTimer)
    idleTimer = setTimeout(() => void stop(), idleMs)
  }

  const server = net.createServer((connection) => {
    let buffer = ""
    let request: HostRequest | undefined
    const abort = new AbortController()
    connection.on("data", (chunk) => {
      buffer += chunk.toString("utf8")
      if (buffer.length > MAX_REQUEST_BYTES) return connection.destroy()
      for (let newline = buffer.indexOf("\n"); newline !== -1; newline = buffer.indexOf("\n")) {
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + 1)
        try {
          if (request === undefined) {
            request = JSON.parse(line) as HostRequest
            const accepted = request
            const declined = declineReason(accepted)
            if (declined !== undefined) return void connection.end(JSON.stringify({ kind: "declined", reason: declined } satisfies HostResponse) + "\n")
            running++
            active.add(abort)
            if (idleTimer !== undefined) clearTimeout(idleTimer)
            queue = queue.then(() => serveOne(accepted, abort)).then(
              (response) => connection.end(JSON.stringify(response) + "\n"),
              (error: unknown) => {
                io.stderr(`agent-desktop serve: ${String(error)}\n`)
                connection.destroy()
              }
            ).finally(() => {
              running--
              active.delete(abort)
              if (running === 0 && stopping === undefined) armIdle()
            })
          } else {
            const line_ = JSON.parse(line) as AbortLine
            abort.abort(line_.abort)
          }
        } catch {
          connection.destroy()
        }
      }
    })
    // A client that goes away mid-run (killed) cannot receive the answer; stop the command as a signal would.
    connection.on("close", () => {
      if (request !== undefined && !abort.signal.aborted) abort.abort("SIGHUP")
    })
    connection.on("error", () => undefined)
  })

  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      if (idleTimer !== undefined) clearTimeout(idleTimer)
      clearInterval(presence)
      server.close()
      for (const controller of active) controller.abort("SIGTERM")
      await queue.catch(() => undefined)
      // Only the socket this host made: after a lost race another host's may be at the path.
      const now = fs.lstatSync(socket, { throwIfNoEntry: false })
      if (own !== undefined && now !== undefined && now.dev === own.dev && now.ino === own.ino) fs.rmSync(socket, { force: true })
      releaseLock()
      await engine.dispose()
    })())

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    // The socket file is made by the bind inside listen(), synchronously: under umask 177 it is 0600 from the
    // start, so no client (nor a test) ever sees it with looser bits between the bind and a chmod.
    const umask = process.umask(0o177)
    try {
      server.listen(socket, () => resolve())
    } finally {
      process.umask(umask)
    }
  })
  fs.chmodSync(socket, 0o600)
  own = fs.lstatSync(socket)
  // Two starters that took over the same stale lock both got this far: the one that no longer holds it steps down.
  if (!holds(lock, token)) {
    io.stderr(`agent-desktop serve: another host took ${socket}; exiting\n`)
    void stop()
  }
  armIdle()
  io.stderr(`agent-desktop serve: listening on ${socket} (idle timeout ${idleMs} ms)\n`)
  const onSignal = () => void stop()
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, onSignal)
  await new Promise<void>((resolve) => server.on("close", () => resolve()))
  await stopping
  return 0
}
