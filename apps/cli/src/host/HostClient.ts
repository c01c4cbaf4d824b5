/**
 * The CLI's side of the warm host: when a trusted host socket exists (HostAddress.ts), the invocation runs there and
 * this process prints exactly what the host's run printed. No host, a refused connection or a host that declines
 * (another desktop or state root): `undefined`, and the CLI runs the command itself.
 *
 * Once the request is sent the command may have run: a host that goes away before answering is then reported as an
 * INTERNAL envelope whose delivery is unknown, never retried in-process (that could act twice). The native client
 * (native/hostClient.c) has the same rules; it hands that case to the Node entry (Handoff.ts).
 */
import { errorEnvelope } from "@agent-desktop/domain"
import * as net from "node:net"
import { type AbortLine, forwardedEnv, type HostRequest, type HostResponse, MAX_REQUEST_BYTES } from "./HostProtocol.js"
import { startHostInBackground } from "./BackgroundHost.js"
import { fingerprintOf, trustedSocket } from "./HostAddress.js"

export interface HostOutcome {
  readonly stdout: string
  readonly stderr: string
  readonly exit: number
}

/** What the CLI prints when a host took the request and went away without answering. */
export const lostHost = (reason: string): HostOutcome => ({
  stdout: JSON.stringify(errorEnvelope("unknown", {
    code: "INTERNAL",
    message: `The warm host went away before answering (${reason}); the command may have run`,
    suggestion: "Snapshot the app to see its state before running the command again; AGENT_DESKTOP_HOST=off runs without the host",
    delivery: "unknown"
  })) + "\n",
  stderr: "",
  exit: 1
})

export const runViaHost = (
  argv: ReadonlyArray<string>,
  env: Readonly<Record<string, string | undefined>>,
  signal: AbortSignal,
  socket: string | undefined = trustedSocket(env)
): Promise<HostOutcome | undefined> => {
  if (socket === undefined) return Promise.resolve(undefined)
  return new Promise((resolve) => {
    const connection = net.createConnection(socket)
    let sent = false
    let settled = false
    let buffer = ""
    const settle = (outcome: HostOutcome | undefined) => {
      if (settled) return
      settled = true
      signal.removeEventListener("abort", onAbort)
      connection.destroy()
      resolve(outcome)
    }
    const onAbort = () => {
      if (sent) connection.write(JSON.stringify({ abort: String(signal.reason) } satisfies AbortLine) + "\n")
    }
    connection.on("connect", () => {
      const request: HostRequest = { argv, env: forwardedEnv(env), cwd: process.cwd(), fingerprint: fingerprintOf(env) }
      const line = JSON.stringify(request) + "\n"
      // Nothing was sent yet: a request the host would refuse to read runs here instead.
      if (Buffer.byteLength(line) > MAX_REQUEST_BYTES) return settle(undefined)
      connection.write(line)
      sent = true
      signal.addEventListener("abort", onAbort)
      if (signal.aborted) onAbort()
    })
    connection.on("data", (chunk) => {
      buffer += chunk.toString("utf8")
      const newline = buffer.indexOf("\n")
      if (newline === -1) return
      let response: HostResponse
      try {
        response = JSON.parse(buffer.slice(0, newline)) as HostResponse
      } catch {
        return settle(lostHost("an unreadable answer"))
      }
      settle(response.kind === "result" ? { stdout: response.stdout, stderr: response.stderr, exit: response.exit } : undefined)
    })
    connection.on("error", (error: NodeJS.ErrnoException) => settle(sent ? lostHost(error.code ?? error.message) : undefined))
    connection.on("close", () => settle(sent ? lostHost("connection closed") : undefined))
  })
}

/**
 * With AGENT_DESKTOP_HOST=auto and no host running: start one (BackgroundHost.ts) and wait for its socket, so this
 * call is served warm too. Returns the socket, or undefined when none came up in time.
 */
export const startHost = async (entry: string, env: NodeJS.ProcessEnv): Promise<string | undefined> => {
  startHostInBackground(entry, env)
  for (let waited = 0; waited < 5_000; waited += 20) {
    const socket = trustedSocket(env)
    if (socket !== undefined) return socket
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return undefined
}
