import WebSocket from "ws"
import { CdpError } from "./CdpError.js"
import { checkedWebSocketUrl } from "./Loopback.js"

type Json = Record<string, unknown>

interface Pending {
  readonly method: string
  readonly resolve: (result: Json) => void
  readonly reject: (error: CdpError) => void
  readonly timer: NodeJS.Timeout
}

/** An event the browser sent: `method`, `params`, and the session it belongs to (flat sessions). */
export interface CdpEvent {
  readonly method: string
  readonly params: Json
  readonly sessionId?: string
}

/**
 * One WebSocket to a browser's DevTools endpoint (its browser target), with flat sessions for pages
 * (`Target.attachToTarget {flatten: true}`): every request is `{id, method, params, sessionId?}`, answered by id.
 *
 * Failure is honest about delivery: a request is `sent` once its frame was handed to the socket. When the connection
 * closes or the deadline passes, a request already sent fails with `sent: true` (it may have reached the page), one
 * made after the close fails with `sent: false`. Messages larger than `maxPayload` (64 MiB: a full accessibility
 * tree of a big page is a few MiB) close the connection rather than exhaust memory.
 */
export class CdpConnection {
  private nextId = 0
  private readonly pending = new Map<number, Pending>()
  private readonly listeners = new Set<(event: CdpEvent) => void>()
  private closedBy: string | undefined

  private constructor(private readonly socket: WebSocket, readonly url: string) {
    socket.on("message", (data) => this.receive(data.toString()))
    socket.on("close", (code, reason) => this.fail(`the DevTools connection closed (${code}${reason.length > 0 ? ` ${reason.toString()}` : ""})`))
    socket.on("error", (error) => this.fail(`the DevTools connection failed: ${error.message}`))
  }

  /** Opens the browser's WebSocket; a URL off loopback is refused before connecting. */
  static open = (url: string, timeoutMs: number): Promise<CdpConnection> => {
    let checked: string
    try {
      checked = checkedWebSocketUrl(url)
    } catch (error) {
      return Promise.reject(error)
    }
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(checked, { maxPayload: 64 * 1024 * 1024, perMessageDeflate: false, handshakeTimeout: timeoutMs })
      const done = (error?: Error) => {
        socket.removeAllListeners("open")
        socket.removeAllListeners("error")
        if (error === undefined) return resolve(new CdpConnection(socket, checked))
        socket.terminate()
        reject(new CdpError({ kind: "unreachable", message: `no DevTools WebSocket at ${checked}: ${error.message}`, sent: false }))
      }
      socket.once("open", () => done())
      socket.once("error", (error) => done(error))
    })
  }

  get closed(): boolean {
    return this.closedBy !== undefined
  }

  /** Sends one request; resolves with its `result`, rejects with a CdpError saying whether it was sent. */
  send = (method: string, params: Json = {}, options: { readonly sessionId?: string; readonly timeoutMs?: number } = {}): Promise<Json> => {
    if (this.closedBy !== undefined) {
      return Promise.reject(new CdpError({ kind: "closed", message: `${method} not sent: ${this.closedBy}`, sent: false, method }))
    }
    const id = ++this.nextId
    const timeoutMs = options.timeoutMs ?? 10_000
    return new Promise<Json>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id)
        reject(new CdpError({ kind: "timeout", message: `${method} got no answer within ${timeoutMs} ms`, sent: true, method }))
      }, timeoutMs)
      this.pending.set(id, { method, resolve, reject, timer })
      this.socket.send(JSON.stringify({ id, method, params, ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }) }), (error) => {
        if (error === undefined || error === null) return
        // Not written: the socket refused the frame, so the page cannot have seen it.
        const entry = this.pending.get(id)
        if (entry === undefined) return
        this.pending.delete(id)
        clearTimeout(entry.timer)
        reject(new CdpError({ kind: "closed", message: `${method} not sent: ${error.message}`, sent: false, method }))
      })
    })
  }

  /** Listens to events until the returned function is called. */
  onEvent = (listener: (event: CdpEvent) => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  close = (): void => {
    this.fail("the connection was closed by agent-desktop")
    this.socket.close()
  }

  private receive(text: string) {
    let message: Json
    try {
      message = JSON.parse(text) as Json
    } catch {
      return
    }
    const id = message["id"]
    if (typeof id === "number") {
      const entry = this.pending.get(id)
      if (entry === undefined) return
      this.pending.delete(id)
      clearTimeout(entry.timer)
      const error = message["error"] as { code?: number; message?: string } | undefined
      if (error !== undefined) {
        entry.reject(new CdpError({
          kind: "protocol",
          message: `${entry.method}: ${error.message ?? "protocol error"}`,
          sent: true,
          method: entry.method,
          ...(typeof error.code === "number" ? { code: error.code } : {})
        }))
      } else entry.resolve((message["result"] ?? {}) as Json)
      return
    }
    if (typeof message["method"] === "string") {
      const event: CdpEvent = {
        method: message["method"],
        params: (message["params"] ?? {}) as Json,
        ...(typeof message["sessionId"] === "string" ? { sessionId: message["sessionId"] } : {})
      }
      for (const listener of this.listeners) listener(event)
    }
  }

  private fail(reason: string) {
    if (this.closedBy !== undefined) return
    this.closedBy = reason
    for (const [id, entry] of this.pending) {
      this.pending.delete(id)
      clearTimeout(entry.timer)
      entry.reject(new CdpError({ kind: "closed", message: `${entry.method} sent, but ${reason} before it was answered`, sent: true, method: entry.method }))
    }
    for (const listener of this.listeners) listener({ method: "agentDesktop.closed", params: { reason } })
  }
}
