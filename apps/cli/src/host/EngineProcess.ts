/**
 * The warm host's engine: a child process of `agent-desktop serve` (HostServer.ts, through EngineChild.ts) that
 * keeps the engine runtime (the store open, the D-Bus connection and the platform adapter warm) and runs one CLI
 * invocation at a time exactly as the CLI would (`main()` with the client's argv, environment and working
 * directory), answering with the bytes the CLI would have printed.
 *
 * It is a process of its own so that nothing a call does can stop the host: a call blocked in a synchronous system
 * call (an `open()` of a FIFO nobody reads) stops only this process, whose heartbeats then stop; the host, whose
 * event loop does nothing but the socket, keeps declining other calls (they run in their callers' processes), and
 * kills and replaces this process (see EngineChild.ts). A process, unlike a worker thread, can be killed in such a
 * system call, and the invocation it leaves open is closed by the store's sweep once its pid is gone.
 *
 * Messages (IPC, `EngineMessage`): in `run`, `abort`, `dispose`; out `ready`, `failed`, `alive` (every
 * HEARTBEAT_MS while a call runs, from this event loop), `result`.
 */
import { makeEngineHost } from "@agent-desktop/engine"
import type { EngineRunner } from "../EngineRequest.js"
import { main } from "../main.js"
import { cliCall, cliEnvelope, PLATFORMS } from "../runEngine.js"
import type { EngineMessage, HostMessage } from "./EngineChild.js"
import { HEARTBEAT_MS, type HostResponse } from "./HostProtocol.js"

const send = (message: EngineMessage) => {
  if (process.connected) process.send!(message)
}

const serveEngine = async () => {
  // Signals are the host's to handle: it aborts the running call and disposes this process itself.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => undefined)
  const engine = makeEngineHost({ env: process.env, platforms: PLATFORMS, warm: true })
  // Building the runtime opens the store, which creates (or refuses) the state root.
  if (!(await engine.build())) {
    send({ type: "failed", message: "the state root is not usable" })
    await engine.dispose()
    process.exit(1)
  }
  const warmRunner: EngineRunner = (request) => engine.run(cliCall(request)).then(cliEnvelope)
  let abort: AbortController | undefined
  let disposing = false

  const run = async (request: Extract<HostMessage, { type: "run" }>["request"]): Promise<HostResponse> => {
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
      signal: abort!.signal
    })
    return { kind: "result", stdout, stderr, exit }
  }

  const dispose = async () => {
    if (disposing) return
    disposing = true
    abort?.abort("SIGTERM")
    await engine.dispose()
    process.exit(0)
  }

  process.on("message", (message: HostMessage) => {
    if (message.type === "run" && abort === undefined && !disposing) {
      abort = new AbortController()
      const alive = setInterval(() => send({ type: "alive" }), HEARTBEAT_MS)
      void run(message.request).then((response) => {
        clearInterval(alive)
        abort = undefined
        send({ type: "result", response })
        if (disposing) void engine.dispose().then(() => process.exit(0))
      })
    } else if (message.type === "abort") {
      abort?.abort(message.signal)
    } else if (message.type === "dispose") {
      if (abort === undefined) void dispose()
      else {
        disposing = true
        abort.abort("SIGTERM")
      }
    }
  })
  // The host is gone (killed -9): stop the running call as a signal would, let it end its invocation, and exit.
  process.on("disconnect", () => {
    if (abort === undefined) void dispose()
    else {
      disposing = true
      abort.abort("SIGHUP")
    }
  })
  send({ type: "ready" })
}

void serveEngine()
