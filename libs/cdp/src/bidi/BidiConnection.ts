import WebSocket from "ws"
import { CdpError } from "../CdpError.js"
import { checkedWebSocketUrl } from "../Loopback.js"

type Json = Record<string, unknown>

interface Pending {
  readonly method: string
  readonly resolve: (result: Json) => void
  readonly reject: (error: CdpError) => void
  readonly timer: NodeJS.Timeout
}

/** One parsed message of the WebDriver BiDi wire format, as `receiveBidi` sorts it. */
export type BidiMessage =
  | { readonly kind: "success"; readonly id: number; readonly result: Json }
  | { readonly kind: "error"; readonly id: number | undefined; readonly error: string; readonly message: string }
  | { readonly kind: "event"; readonly method: string; readonly params: Json }
  | { readonly kind: "unknown" }

/**
 * A BiDi frame sorted: `{type: "success", id, result}`, `{type: "error", id|null, error, message}` (the error code is
 * a string such as `no such frame`), `{type: "event", method, params}`. Anything else (not JSON, no type) is unknown.
 */
export const parseBidiMessage = (text: string): BidiMessage => {
  let message: Json
  try {
    message = JSON.parse(text) as Json
  } catch {
    return { kind: "unknown" }
  }
  if (typeof message !== "object" || message === null) return { kind: "unknown" }
  const id = typeof message["id"] === "number" ? message["id"] : undefined
  switch (message["type"]) {
    case "success":
      return id === undefined ? { kind: "unknown" } : { kind: "success", id, result: (message["result"] ?? {}) as Json }
    case "error":
      return {
        kind: "error",
        id,
        error: typeof message["error"] === "string" ? message["error"] : "unknown error",
        message: typeof message["message"] === "string" ? message["message"] : ""
      }
    case "event":
      return typeof message["method"] === "string" ? { kind: "event", method: message["method"], params: (message["params"] ?? {}) as Json } : { kind: "unknown" }
    default:
      return { kind: "unknown" }
  }
}

/**
 * One WebSocket to a browser's WebDriver BiDi endpoint (Firefox: `ws://127.0.0.1:PORT/session`): every command is
 * `{id, method, params}`, answered by id with `success` or `error`. Delivery is reported as CdpConnection reports it:
 * a command already written when the connection closes or its deadline passes fails with `sent: true` (it may have
 * reached the page), one asked for after the close with `sent: false`. Failures are CdpErrors (this package's one
 * error), `protocol` carrying BiDi's error code in `details.error`.
 */
export class BidiConnection {
  private nextId = 0
  private readonly pending = new Map<number, Pending>()
  private closedBy: string | undefined

  private constructor(private readonly socket: WebSocket, readonly url: string) {
    socket.on("message", (data) => this.receive(data.toString()))
    socket.on("close", (code, reason) => this.fail(`the WebDriver BiDi connection closed (${code}${reason.length > 0 ? ` ${reason.toString()}` : ""})`))
    socket.on("error", (error) => this.fail(`the WebDriver BiDi connection failed: ${error.message}`))
  }

  /** Opens the endpoint's WebSocket; a URL off loopback is refused before connecting. */
  static open = (url: string, timeoutMs: number): Promise<BidiConnection> => {
    let checked: string
    try {
      checked = checkedWebSocketUrl(url)
    } catch (error) {
      return Promise.reject(error)
    }
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(checked, { maxPayload: 16 * 1024 * 1024, perMessageDeflate: false, handshakeTimeout: timeoutMs })
      const done = (error?: Error) => {
        socket.removeAllListeners("open")
        socket.removeAllListeners("error")
        if (error === undefined) return resolve(new BidiConnection(socket, checked))
        socket.terminate()
        reject(new CdpError({ kind: "unreachable", message: `no WebDriver BiDi endpoint at ${checked}: ${error.message}`, sent: false }))
      }
      socket.once("open", () => done())
      socket.once("error", (error) => done(error))
    })
  }

  get closed(): boolean {
    return this.closedBy !== undefined
  }

  /** Sends one command; resolves with its `result`, rejects with a CdpError saying whether it was sent. */
  send = (method: string, params: Json, timeoutMs = 10_000): Promise<Json> => {
    if (this.closedBy !== undefined) {
      return Promise.reject(new CdpError({ kind: "closed", message: `${method} not sent: ${this.closedBy}`, sent: false, method }))
    }
    const id = ++this.nextId
    return new Promise<Json>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id)
        reject(new CdpError({ kind: "timeout", message: `${method} got no answer within ${timeoutMs} ms`, sent: true, method }))
      }, timeoutMs)
      this.pending.set(id, { method, resolve, reject, timer })
      this.socket.send(JSON.stringify({ id, method, params }), (error) => {
        if (error === undefined || error === null) return
        const entry = this.pending.get(id)
        if (entry === undefined) return
        this.pending.delete(id)
        clearTimeout(entry.timer)
        reject(new CdpError({ kind: "closed", message: `${method} not sent: ${error.message}`, sent: false, method }))
      })
    })
  }

  close = (): void => {
    this.fail("the connection was closed by agent-desktop")
    this.socket.close()
  }

  private receive(text: string) {
    const message = parseBidiMessage(text)
    if ((message.kind !== "success" && message.kind !== "error") || message.id === undefined) return
    const entry = this.pending.get(message.id)
    if (entry === undefined) return
    this.pending.delete(message.id)
    clearTimeout(entry.timer)
    if (message.kind === "success") return entry.resolve(message.result)
    entry.reject(new CdpError({
      kind: "protocol",
      message: `${entry.method}: ${message.error}${message.message === "" ? "" : ` (${message.message})`}`,
      sent: true,
      method: entry.method,
      details: { error: message.error }
    }))
  }

  private fail(reason: string) {
    if (this.closedBy !== undefined) return
    this.closedBy = reason
    for (const [id, entry] of this.pending) {
      this.pending.delete(id)
      clearTimeout(entry.timer)
      entry.reject(new CdpError({ kind: "closed", message: `${entry.method} sent, but ${reason} before it was answered`, sent: true, method: entry.method }))
    }
  }
}
