/**
 * `agent-desktop serve [--idle-timeout-ms N]`: a warm host for one state root and one desktop. This process owns the
 * socket (RuntimeDirectory.ts: `engine-<key>.sock` in the user's private runtime directory) and nothing else; the
 * engine runtime (the store open, the D-Bus connection and the platform adapter warm) lives in its engine process
 * (EngineProcess.ts, EngineChild.ts), which runs the CLI invocations sent here exactly as the CLI would. So this
 * event loop never blocks: whatever a call does (a synchronous `open()` of a FIFO included), the socket keeps
 * answering, the idle timer keeps running, and a wedged engine is killed and replaced.
 *
 * It runs one request at a time (the engine's process has one working directory): a request that arrives while
 * another runs is declined, and its client runs it in a process of its own, as without a host, so a long `wait`
 * never holds up the calls beside it. The engine's heartbeats are passed on while a call runs (the clients'
 * deadlines: HostProtocol.ts).
 *
 * Per connection, memory is bounded: a request line of at most MAX_REQUEST_BYTES, sent within REQUEST_MS of
 * connecting, at most MAX_WAITING connections waiting to send theirs (more are closed at once), a few bytes after it
 * (abort lines). A request whose client already hung up is not run.
 *
 * It exits after `--idle-timeout-ms` without a request (default 10 minutes), on SIGINT/SIGTERM/SIGHUP (aborting a
 * running request, which still answers), when the installation it runs from was rebuilt or upgraded
 * (Installation.ts; that request is declined), when its desktop is gone (DesktopPresence.ts, checked every few
 * seconds). Shutting down, it first removes its socket and declines every request still arriving on connections
 * made before ("the host is shutting down": their clients run them), then disposes the engine. One host per state
 * root and desktop (ServeLock.ts): a second one started for the same binding exits at once; a socket a killed host
 * left behind is replaced. A request from another binding is declined at once and leaves the idle timer alone.
 */
import * as fs from "node:fs"
import * as net from "node:net"
import { fileURLToPath } from "node:url"
import { privateSubdirectory } from "../bundle/PrivateDirectory.js"
import { type EngineChild, startEngineChild } from "./EngineChild.js"
import { fingerprintOf, HOST_DIR, hostFiles, hostSocketPath, stateRootOf } from "./HostAddress.js"
import { type HostProgress, type HostRequest, type HostResponse, MAX_REQUEST_BYTES } from "./HostProtocol.js"
import { desktopPresent, desktopSockets, watchSockets } from "./DesktopPresence.js"
import { installationStamp } from "./Installation.js"
import { holds, processToken, takeServeLock } from "./ServeLock.js"

const DEFAULT_IDLE_MS = 10 * 60 * 1000
const PRESENCE_CHECK_MS = 3_000
/** How long a stopping host keeps accepting after its socket is unlinked, to decline what the backlog holds. */
const BACKLOG_DRAIN_MS = 50
/** A connection must have sent its whole request line by then. */
export const REQUEST_MS = 5_000
/** Connections that have not sent their request yet; more are closed at once. */
export const MAX_WAITING = 64
/** What a connection may send after its request: abort lines. */
const MAX_AFTER_REQUEST = 4_096

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

const line = (message: HostResponse | HostProgress) => JSON.stringify(message) + "\n"

const isRequest = (value: unknown): value is HostRequest => {
  const request = value as HostRequest
  return typeof request === "object" && request !== null && Array.isArray(request.argv) && request.argv.every((arg) => typeof arg === "string") &&
    typeof request.env === "object" && request.env !== null && typeof request.cwd === "string"
}

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
  const log = (text: string) => io.stderr(`agent-desktop serve: ${text}`)
  const engineModule = fileURLToPath(new URL("./serveEngine.js", import.meta.url))
  let stopping: Promise<void> | undefined
  let engine: EngineChild | undefined
  const startEngine = async (): Promise<EngineChild | string> => {
    const started = await startEngineChild(engineModule, {
      env: io.env as NodeJS.ProcessEnv,
      log,
      onExit: (gone, why) => {
        if (engine !== gone) return
        engine = undefined
        if (stopping !== undefined) return
        // A wedged engine was killed, or it crashed: another one for the next calls (declined meanwhile).
        log(`the engine exited (${why}); starting another\n`)
        void startEngine().then((next) => {
          if (typeof next === "string") {
            log(`${next}; exiting\n`)
            void stop()
          } else if (stopping !== undefined) void next.dispose()
          else engine = next
        })
      }
    })
    return started
  }

  const token = processToken(process.pid) ?? `${process.pid}:?`
  const alreadyRunning = async (lock: string) => {
    const release = takeServeLock(lock, token)
    const socket = hostSocketPath(io.env)
    if (release !== undefined && !(socket !== undefined && fs.existsSync(socket) && await isAlive(socket))) return release
    release?.()
    io.stderr(`agent-desktop serve: a host is already running for this state root and desktop${socket === undefined ? "" : ` on ${socket}`}\n`)
    return undefined
  }
  // One host per binding: with the state root there already, the lock is checked before an engine is started.
  let dir = privateSubdirectory(root, HOST_DIR, true)
  let releaseLock = dir === undefined ? undefined : await alreadyRunning(hostFiles(dir, io.env).lock)
  if (dir !== undefined && releaseLock === undefined) return 1
  // The engine opens the store, which creates (or refuses) the state root before anything goes in it.
  const first = await startEngine()
  if (typeof first === "string") {
    releaseLock?.()
    io.stderr(`agent-desktop serve: the state root ${root} is not usable or not private to this user (${first})\n`)
    return 1
  }
  if (dir === undefined) {
    dir = privateSubdirectory(root, HOST_DIR, true)
    releaseLock = dir === undefined ? undefined : await alreadyRunning(hostFiles(dir, io.env).lock)
  }
  const socket = hostSocketPath(io.env, true)
  if (dir === undefined || releaseLock === undefined || socket === undefined) {
    releaseLock?.()
    if (dir === undefined || socket === undefined) {
      io.stderr(`agent-desktop serve: no private directory for the host's ${dir === undefined ? `lock (${root}/${HOST_DIR})` : "socket (the runtime directory)"}\n`)
    }
    await first.dispose()
    return 1
  }
  engine = first
  const { lock } = hostFiles(dir, io.env)
  const release = releaseLock
  // A stale socket of a host that is gone; only the lock's holder gets here (checked again: a takeover race).
  if (holds(lock, token)) fs.rmSync(socket, { force: true })

  const fingerprint = fingerprintOf(io.env)
  const bundle = fileURLToPath(import.meta.url)
  const installation = installationStamp(bundle)

  /** The connection whose call runs now. */
  let active: net.Socket | undefined
  let running: Promise<void> = Promise.resolve()
  let waiting = 0
  let idleTimer: NodeJS.Timeout | undefined
  let own: fs.Stats | undefined
  const sockets = watchSockets(desktopSockets(io.env))
  const presence = setInterval(() => {
    if (desktopPresent(sockets)) return
    log("the desktop is gone; exiting\n")
    void stop()
  }, PRESENCE_CHECK_MS)
  presence.unref()

  /** Why this host must not run a request: another binding (from the request's own env), a replaced bundle, ... */
  const declineReason = (request: HostRequest): string | undefined => {
    if (request.fingerprint !== fingerprint || fingerprintOf(request.env) !== fingerprint) return "another desktop or state root"
    if (installationStamp(bundle) !== installation) {
      void stop()
      return "agent-desktop was rebuilt or upgraded since this host started"
    }
    if (stopping !== undefined) return "the host is shutting down"
    if (active !== undefined || engine === undefined || engine.busy()) return "busy with another call"
    return undefined
  }

  const armIdle = () => {
    if (idleTimer !== undefined) clearTimeout(idleTimer)
    idleTimer = setTimeout(() => void stop(), idleMs)
  }

  /** The last line; a client that does not close its side after it is closed after REQUEST_MS anyway. */
  const answer = (connection: net.Socket, text: string) => {
    connection.end(text)
    setTimeout(() => connection.destroy(), REQUEST_MS).unref()
  }

  const serve = (connection: net.Socket, request: HostRequest, hungUp: () => boolean) => {
    const declined = declineReason(request)
    if (declined !== undefined) return answer(connection, line({ kind: "declined", reason: declined }))
    // Its client gave up before this host read the request (it was stopped, or busy): nobody waits for it.
    if (hungUp()) return void connection.destroy()
    const runner = engine!
    active = connection
    if (idleTimer !== undefined) clearTimeout(idleTimer)
    running = runner.run(request, () => void connection.write(line({ kind: "alive" }))).then((response) => {
      // No answer: the engine died or was killed as wedged; the client reports the call as lost.
      if (response === undefined) connection.destroy()
      else answer(connection, line(response))
    }).finally(() => {
      active = undefined
      if (stopping === undefined) armIdle()
    })
  }

  const server = net.createServer((connection) => {
    connection.on("error", () => undefined)
    if (waiting >= MAX_WAITING) return void connection.destroy()
    waiting++
    let counted = true
    const done = () => {
      if (counted) waiting--
      counted = false
    }
    const chunks: Array<Buffer> = []
    let size = 0
    let request: HostRequest | undefined
    let ended = false
    const tooSlow = setTimeout(() => connection.destroy(), REQUEST_MS)
    const onLine = (text: string) => {
      if (request === undefined) {
        clearTimeout(tooSlow)
        done()
        let parsed: unknown
        try {
          parsed = JSON.parse(text)
        } catch {
          return void connection.destroy()
        }
        if (!isRequest(parsed)) return void connection.destroy()
        const accepted = parsed
        request = accepted
        // After what is already read: a client that hung up has its end seen by then.
        setImmediate(() => serve(connection, accepted, () => ended || connection.destroyed))
        return
      }
      try {
        const abort = (JSON.parse(text) as { abort?: unknown }).abort
        if (active === connection && typeof abort === "string") engine?.abort(abort)
      } catch {
        connection.destroy()
      }
    }
    connection.on("data", (chunk: Buffer) => {
      let start = 0
      for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
        size += newline - start
        if (size > (request === undefined ? MAX_REQUEST_BYTES : MAX_AFTER_REQUEST)) return void connection.destroy()
        chunks.push(chunk.subarray(start, newline))
        start = newline + 1
        const text = Buffer.concat(chunks).toString("utf8")
        chunks.length = 0
        size = 0
        onLine(text)
        if (connection.destroyed) return
      }
      size += chunk.length - start
      if (size > (request === undefined ? MAX_REQUEST_BYTES : MAX_AFTER_REQUEST)) return void connection.destroy()
      // Copied: a slice would keep the whole chunk (up to 64 KiB) alive for a few bytes.
      if (start < chunk.length) chunks.push(Buffer.from(chunk.subarray(start)))
    })
    connection.on("end", () => (ended = true))
    connection.on("close", () => {
      clearTimeout(tooSlow)
      done()
      chunks.length = 0
      // A client that goes away mid-run (killed) cannot receive the answer; stop the command as a signal would.
      if (active === connection) engine?.abort("SIGHUP")
    })
  })

  const removeOwnSocket = () => {
    // Only the socket this host made: after a lost race another host's may be at the path.
    const now = fs.lstatSync(socket, { throwIfNoEntry: false })
    if (own !== undefined && now !== undefined && now.dev === own.dev && now.ino === own.ino) fs.rmSync(socket, { force: true })
  }

  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      if (idleTimer !== undefined) clearTimeout(idleTimer)
      clearInterval(presence)
      // New callers find no socket (and may start another host); requests on connections made before are declined.
      removeOwnSocket()
      // Connections the kernel completed before the unlink wait in the listen backlog: closing the server now would
      // reset them (their clients see ECONNRESET and cannot know the call never ran). One poll of the loop accepts
      // them all, and no new one can arrive once the path is gone; accepted, their requests are declined.
      await new Promise<void>((resolve) => setTimeout(resolve, BACKLOG_DRAIN_MS))
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      if (active !== undefined) engine?.abort("SIGTERM")
      await running
      await engine?.dispose()
      // Connections still waiting to send a request: declined when it comes, closed after REQUEST_MS at most.
      await closed
      release()
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
    log(`another host took ${socket}; exiting\n`)
    void stop()
  }
  armIdle()
  log(`listening on ${socket} (idle timeout ${idleMs} ms, engine pid ${engine.pid})\n`)
  const onSignal = () => void stop()
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, onSignal)
  await new Promise<void>((resolve) => server.on("close", () => resolve()))
  await stopping
  return 0
}
