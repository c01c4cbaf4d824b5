/**
 * The CLI's side of the warm host: when a trusted host socket exists (HostAddress.ts), the invocation runs there and
 * this process prints exactly what the host's run printed.
 *
 * What can happen, and what the CLI then does (`ViaHost`):
 * - `answer`: the host's result, printed as is;
 * - `local`: nothing runnable reached a host (no connection, a refused or stale socket, a request too big, a
 *   connection or request write that missed its deadline before the request's last byte went out) or the host
 *   declined (another binding, busy, shutting down): the CLI runs the command itself;
 * - `failed`: the request went out whole and then the host went away or missed a deadline (HostProtocol.ts): the
 *   command may have run there, so it is reported (HostFailure.ts), never run again here.
 * The native client (native/hostClient.c) has the same rules; it hands `failed` to the Node entry (Handoff.ts).
 */
import * as net from "node:net"
import {
  ABORT_GRACE_MS, type AbortLine, CONNECT_MS, FIRST_BYTE_MS, forwardedEnv, type HostProgress, type HostRequest,
  type HostResponse, MAX_REQUEST_BYTES, SILENCE_MS
} from "./HostProtocol.js"
import { startHostInBackground } from "./BackgroundHost.js"
import { fingerprintOf, trustedSocket } from "./HostAddress.js"
import type { HostFailure } from "./HostFailure.js"

export interface HostOutcome {
  readonly stdout: string
  readonly stderr: string
  readonly exit: number
}

export type ViaHost =
  | { readonly kind: "answer"; readonly outcome: HostOutcome }
  /** `stale`: a socket file with no host listening on it (a host that was killed): worth starting another. */
  | { readonly kind: "local"; readonly stale: boolean }
  | { readonly kind: "failed"; readonly failure: HostFailure }

export const runViaHost = (
  argv: ReadonlyArray<string>,
  env: Readonly<Record<string, string | undefined>>,
  signal: AbortSignal,
  socket: string
): Promise<ViaHost> => {
  const request: HostRequest = { argv, env: forwardedEnv(env), cwd: process.cwd(), fingerprint: fingerprintOf(env) }
  const line = JSON.stringify(request) + "\n"
  // A request the host would refuse to read runs here instead.
  if (Buffer.byteLength(line) > MAX_REQUEST_BYTES) return Promise.resolve({ kind: "local", stale: false })
  return new Promise((resolve) => {
    const connection = net.createConnection(socket)
    let written = false
    let settled = false
    let timer: NodeJS.Timeout | undefined
    const chunks: Array<Buffer> = []
    /** The whole line reached the kernel: from then on the host may run it (its last byte, the newline, went out). */
    const sent = () => written && connection.writableLength === 0
    const settle = (result: ViaHost) => {
      if (settled) return
      settled = true
      if (timer !== undefined) clearTimeout(timer)
      signal.removeEventListener("abort", onAbort)
      connection.destroy()
      resolve(result)
    }
    const unanswered = (reason: string) => settle(sent() ? { kind: "failed", failure: { kind: "unanswered", reason } } : { kind: "local", stale: false })
    const lost = (reason: string) => settle(sent() ? { kind: "failed", failure: { kind: "lost", reason } } : { kind: "local", stale: false })
    const deadline = (ms: number, reason: string) => {
      if (timer !== undefined) clearTimeout(timer)
      timer = setTimeout(() => unanswered(reason), ms)
    }
    let aborting = false
    const onAbort = () => {
      if (aborting) return
      aborting = true
      if (!written) return settle({ kind: "local", stale: false })
      connection.write(JSON.stringify({ abort: String(signal.reason) } satisfies AbortLine) + "\n")
      deadline(ABORT_GRACE_MS, `no answer within ${ABORT_GRACE_MS} ms of ${String(signal.reason)}`)
    }
    timer = setTimeout(() => settle({ kind: "local", stale: false }), CONNECT_MS)
    connection.on("connect", () => {
      connection.write(line)
      written = true
      deadline(FIRST_BYTE_MS, `no reply within ${FIRST_BYTE_MS} ms of the request`)
      signal.addEventListener("abort", onAbort)
      if (signal.aborted) onAbort()
    })
    connection.on("data", (chunk: Buffer) => {
      if (!aborting) deadline(SILENCE_MS, `silent for ${SILENCE_MS} ms while the call ran`)
      let start = 0
      for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
        chunks.push(chunk.subarray(start, newline))
        start = newline + 1
        const text = Buffer.concat(chunks).toString("utf8")
        chunks.length = 0
        let message: HostResponse | HostProgress
        try {
          message = JSON.parse(text) as HostResponse | HostProgress
        } catch {
          return lost("an unreadable answer")
        }
        if (message.kind === "result") return settle({ kind: "answer", outcome: { stdout: message.stdout, stderr: message.stderr, exit: message.exit } })
        // The host ran nothing.
        if (message.kind === "declined") return settle({ kind: "local", stale: false })
        if (message.kind !== "alive") return lost("an unreadable answer")
      }
      if (start < chunk.length) chunks.push(chunk.subarray(start))
    })
    connection.on("error", (error: NodeJS.ErrnoException) => {
      // A socket file with nobody listening (its host was killed), or one that vanished meanwhile: nothing was sent.
      if (!written) return settle({ kind: "local", stale: error.code === "ECONNREFUSED" })
      lost(error.code ?? error.message)
    })
    connection.on("close", () => lost("connection closed"))
  })
}

/**
 * With AGENT_DESKTOP_HOST=auto and no host running: start one (BackgroundHost.ts) and wait for its socket, so this
 * call is served warm too. Returns the socket, or undefined when none came up in time or the host exited (it could
 * not start: an unusable state root, another host won the race), without waiting out the whole time.
 */
export const startHost = async (entry: string, env: NodeJS.ProcessEnv): Promise<string | undefined> => {
  const child = startHostInBackground(entry, env)
  let exited = child === undefined
  child?.once("exit", () => (exited = true))
  for (const end = Date.now() + 5_000; Date.now() < end;) {
    const gone = exited
    const socket = trustedSocket(env)
    // A socket file can be a dead host's until the new one replaced it: only one that answers counts.
    if (socket !== undefined && await listening(socket)) return socket
    if (gone) return undefined
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return undefined
}

const listening = (socket: string) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createConnection(socket)
    probe.on("connect", () => {
      probe.destroy()
      resolve(true)
    })
    probe.on("error", () => resolve(false))
  })
