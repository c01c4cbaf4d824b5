/**
 * The host's handle on its engine process (EngineProcess.ts): starts it, hands it one call at a time, and watches
 * it. While a call runs the engine says it is alive every HEARTBEAT_MS from its own event loop; silent for
 * `WEDGED_AFTER_MS`, it is wedged (blocked in a system call, or its event loop stuck): it is killed (SIGKILL ends
 * even a process blocked in an `open()`), the call is answered as lost, and the host starts another engine. The
 * limit is above the clients' own (HostProtocol.ts SILENCE_MS), so a client has already reported the call by then.
 */
import { type ChildProcess, fork } from "node:child_process"
import type { HostRequest, HostResponse } from "./HostProtocol.js"

export type HostMessage =
  | { readonly type: "run"; readonly request: HostRequest }
  | { readonly type: "abort"; readonly signal: string }
  | { readonly type: "dispose" }

export type EngineMessage =
  | { readonly type: "ready" }
  | { readonly type: "failed"; readonly message: string }
  | { readonly type: "alive" }
  | { readonly type: "result"; readonly response: HostResponse }

export const WEDGED_AFTER_MS = 15_000
/** How long a disposing engine may take to close the store before it is killed. */
const DISPOSE_MS = 5_000

export interface EngineChild {
  readonly pid: number
  /** A call is running. */
  readonly busy: () => boolean
  /** The call's answer; undefined when the engine died or was killed (wedged) before answering. */
  readonly run: (request: HostRequest, onAlive: () => void) => Promise<HostResponse | undefined>
  readonly abort: (signal: string) => void
  /** Ends the engine: the running call is aborted and answered first; killed if it takes longer than DISPOSE_MS. */
  readonly dispose: () => Promise<void>
}

export interface EngineChildOptions {
  readonly env: NodeJS.ProcessEnv
  /** Called once when the engine process exits, for whatever reason. */
  readonly onExit: (engine: EngineChild, why: string) => void
  readonly wedgedAfterMs?: number
  readonly log: (text: string) => void
}

/** Starts the engine process `module`; resolves once it is ready, or with the reason it is not. */
export const startEngineChild = (module: string, options: EngineChildOptions): Promise<EngineChild | string> =>
  new Promise((resolve) => {
    const wedgedAfter = options.wedgedAfterMs ?? WEDGED_AFTER_MS
    let child: ChildProcess
    try {
      child = fork(module, [], { env: options.env, cwd: "/", serialization: "json", stdio: ["ignore", "ignore", "inherit", "ipc"] })
    } catch (error) {
      return resolve(`cannot start the engine: ${(error as Error).message}`)
    }
    let ready = false
    let exited = false
    let pending: { resolve: (response: HostResponse | undefined) => void; onAlive: () => void } | undefined
    let watchdog: NodeJS.Timeout | undefined

    const watch = () => {
      if (watchdog !== undefined) clearTimeout(watchdog)
      watchdog = setTimeout(() => {
        options.log(`the engine (pid ${child.pid}) was silent for ${wedgedAfter} ms during a call; killing it\n`)
        child.kill("SIGKILL")
      }, wedgedAfter)
    }
    const finish = (response: HostResponse | undefined) => {
      if (watchdog !== undefined) clearTimeout(watchdog)
      watchdog = undefined
      const call = pending
      pending = undefined
      call?.resolve(response)
    }
    const post = (message: HostMessage) => {
      if (!exited && child.connected) child.send(message, () => undefined)
    }

    const handle: EngineChild = {
      pid: child.pid ?? 0,
      busy: () => pending !== undefined,
      run: (request, onAlive) =>
        new Promise((resolveRun) => {
          if (exited || pending !== undefined) return resolveRun(undefined)
          pending = { resolve: resolveRun, onAlive }
          watch()
          post({ type: "run", request })
        }),
      abort: (signal) => post({ type: "abort", signal }),
      dispose: () =>
        new Promise((resolveDispose) => {
          if (exited) return resolveDispose()
          child.once("exit", () => resolveDispose())
          post({ type: "dispose" })
          setTimeout(() => child.kill("SIGKILL"), DISPOSE_MS).unref()
        })
    }

    child.on("message", (message: EngineMessage) => {
      if (message.type === "ready") {
        ready = true
        resolve(handle)
      } else if (message.type === "failed") {
        resolve(message.message)
      } else if (message.type === "alive") {
        if (pending !== undefined) {
          watch()
          pending.onAlive()
        }
      } else if (message.type === "result") {
        finish(message.response)
      }
    })
    child.on("error", (error) => {
      if (!ready) resolve(`cannot start the engine: ${error.message}`)
    })
    child.on("exit", (code, signal) => {
      exited = true
      finish(undefined)
      if (!ready) return resolve(`the engine exited while starting (${signal ?? code})`)
      options.onExit(handle, signal ?? `exit ${code}`)
    })
  })
