/**
 * D-Bus over a Unix socket with the dedicated codec: EXTERNAL authentication (the uid, as libdbus does), Hello on
 * bus connections, one socket write per tick for every call issued in it, replies matched by serial, signals handed
 * to listeners in arrival order.
 */
import { connect, type Socket } from "node:net"
import { DbusCallError } from "./DbusCallError.js"
import type { CallSpec, DbusConnection, SignalListener } from "./Connection.js"
import { decodeMessage, MessageType, messageLength, Writer, writeCall, type BodyDecoder, type IncomingMessage } from "./WireCodec.js"

export interface UnixTarget {
  readonly path: string
}

const unescape = (value: string): string => value.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))

/** The first `unix:path=` or `unix:abstract=` entry of a D-Bus address, or undefined. */
export const unixTarget = (address: string): UnixTarget | undefined => {
  for (const entry of address.split(";")) {
    const colon = entry.indexOf(":")
    if (entry.slice(0, colon) !== "unix") continue
    const params = new Map(entry.slice(colon + 1).split(",").map((pair) => {
      const eq = pair.indexOf("=")
      return [pair.slice(0, eq), unescape(pair.slice(eq + 1))] as const
    }))
    const path = params.get("path")
    if (path) return { path }
    const abstract = params.get("abstract")
    // Linux abstract sockets: Node connects to them with a leading NUL.
    if (abstract) return { path: `\0${abstract}` }
  }
  return undefined
}

interface Pending {
  readonly member: string
  readonly resolve: (values: ReadonlyArray<unknown>) => void
  readonly reject: (error: DbusCallError) => void
  /** Epoch ms after which the call fails with `timeout`. */
  readonly deadline: number
  readonly timeoutMs: number
  readonly decodeBody: BodyDecoder | undefined
}

/** Outbox buffer size: a tick's calls (48 nodes' details, ~100 bytes each) fit without growing it. */
const outboxBytes = 16 * 1024

export class WireConnection implements DbusConnection {
  private readonly socket: Socket
  private readonly pending = new Map<number, Pending>()
  private serial = 1
  private closedReason: string | undefined
  private authenticated = false
  private authText = ""
  /** Calls issued in this tick, encoded back to back; copied out and reset by each flush. */
  private readonly outbox = new Writer(outboxBytes)
  private flushScheduled = false
  /**
   * One timer for every pending call's timeout, set for the earliest deadline (a timer per call was a tenth of the
   * client's CPU on a 6,000-call read: timer objects, list inserts, clearTimeout on every reply).
   */
  private timer: NodeJS.Timeout | undefined
  private timerAt = 0
  /** Received bytes not yet parsed, kept as chunks: joined only once the next message is whole (`wanted`). */
  private inbox: Array<Buffer> = []
  private inboxBytes = 0
  private wanted = 0
  private readonly listeners = new Set<SignalListener>()
  uniqueName: Promise<string> | undefined

  constructor(readonly address: string, target: UnixTarget, readonly direct: boolean) {
    this.socket = connect(target.path)
    // The timeout timer keeps the process alive while calls are pending; an idle connection must not.
    this.socket.unref()
    this.socket.on("connect", () => {
      const uid = typeof process.getuid === "function" ? process.getuid() : 0
      this.socket.write(`\0AUTH EXTERNAL ${Buffer.from(String(uid), "ascii").toString("hex")}\r\n`)
    })
    this.socket.on("data", (chunk: Buffer) => this.receive(chunk))
    this.socket.on("error", (error) => this.fail(`connection error: ${error.message}`))
    this.socket.on("close", () => this.fail("connection closed"))
    if (!direct) {
      // A bus requires Hello first; later calls may follow it on the wire before its reply arrives.
      const hello = this.call({ destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "Hello" }, 30_000)
        .then(([name]) => String(name))
      hello.catch(() => {})
      this.uniqueName = hello
    }
  }

  get isOpen(): boolean {
    return this.closedReason === undefined
  }

  call(spec: CallSpec, timeoutMs: number): Promise<ReadonlyArray<unknown>> {
    if (this.closedReason) {
      return Promise.reject(new DbusCallError("disconnected", spec.member, undefined, this.closedReason))
    }
    const serial = this.serial++
    try {
      writeCall(this.outbox, serial, spec)
    } catch (error) {
      return Promise.reject(new DbusCallError("remote", spec.member, undefined, `could not encode: ${(error as Error).message}`))
    }
    const wait = Math.max(1, timeoutMs)
    const deadline = Date.now() + wait
    return new Promise((resolve, reject) => {
      this.pending.set(serial, { member: spec.member, resolve, reject, deadline, timeoutMs: wait, decodeBody: spec.decodeBody })
      if (this.timer === undefined || deadline < this.timerAt) this.armTimer(deadline)
      this.scheduleFlush()
    })
  }

  private armTimer(at: number): void {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timerAt = at
    this.timer = setTimeout(() => this.expire(), Math.max(1, at - Date.now()))
  }

  /** Fails the calls whose deadline passed; the timer moves to the earliest one left (none: no timer). */
  private expire(): void {
    this.timer = undefined
    const now = Date.now()
    let next = Infinity
    for (const [serial, waiting] of this.pending) {
      if (waiting.deadline <= now) {
        this.pending.delete(serial)
        waiting.reject(new DbusCallError("timeout", waiting.member, undefined, `no reply within ${waiting.timeoutMs} ms`))
      } else if (waiting.deadline < next) next = waiting.deadline
    }
    if (next !== Infinity) this.armTimer(next)
  }

  /** Calls issued in one tick leave in one write (one write per message was a fifth of the client CPU). */
  private scheduleFlush(): void {
    if (this.flushScheduled || !this.authenticated) return
    this.flushScheduled = true
    process.nextTick(() => this.flush())
  }

  private flush(): void {
    this.flushScheduled = false
    if (this.outbox.length === 0 || this.closedReason) return
    this.socket.write(this.outbox.take())
  }

  private receive(chunk: Buffer): void {
    if (!this.authenticated) {
      this.authText += chunk.toString("latin1")
      const end = this.authText.indexOf("\r\n")
      if (end < 0) return
      const line = this.authText.slice(0, end)
      const rest = Buffer.from(this.authText.slice(end + 2), "latin1")
      this.authText = ""
      if (!line.startsWith("OK ")) {
        this.fail(`authentication rejected: ${line}`)
        this.socket.destroy()
        return
      }
      this.authenticated = true
      this.socket.write("BEGIN\r\n")
      this.flush()
      if (rest.length === 0) return
      chunk = rest
    }
    // A big reply (Cache.GetItems: megabytes) arrives in 64 KiB chunks. Joining the growing buffer on every chunk
    // was quadratic: 4 of 12 s of CPU on a 20,000-ref window.
    this.inbox.push(chunk)
    this.inboxBytes += chunk.length
    if (this.inboxBytes < this.wanted) return
    let buffer = this.inbox.length === 1 ? this.inbox[0]! : Buffer.concat(this.inbox, this.inboxBytes)
    this.inbox = []
    this.inboxBytes = 0
    this.wanted = 0
    while (buffer.length >= 16) {
      let message: IncomingMessage
      let length: number
      try {
        length = messageLength(buffer)
        if (buffer.length < length) {
          this.wanted = length
          break
        }
        message = decodeMessage(buffer.subarray(0, length), this.decoderFor)
      } catch (error) {
        // A stream we cannot parse cannot be resynchronised: fail every call rather than guess.
        this.fail(`unreadable message: ${(error as Error).message}`)
        this.socket.destroy()
        return
      }
      this.dispatch(message)
      buffer = buffer.subarray(length)
    }
    if (buffer.length > 0) {
      this.inbox = [buffer]
      this.inboxBytes = buffer.length
    }
  }

  listen(listener: SignalListener): () => void {
    if (this.closedReason) {
      listener.closed(this.closedReason)
      return () => {}
    }
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private readonly decoderFor = (replySerial: number): BodyDecoder | undefined => this.pending.get(replySerial)?.decodeBody

  private dispatch(message: IncomingMessage): void {
    if (message.type === MessageType.signal) {
      if (this.listeners.size === 0 || !message.sender || !message.path || !message.interface || !message.member) return
      const signal = { sender: message.sender, path: message.path, interface: message.interface, member: message.member, body: message.body }
      for (const listener of this.listeners) listener.signal(signal)
      return
    }
    if (message.type === MessageType.methodCall) {
      if (!message.sender || !message.path || !message.member) return
      const call = { sender: message.sender, path: message.path, interface: message.interface ?? "", member: message.member, body: message.body }
      for (const listener of this.listeners) listener.methodCall?.(call)
      return
    }
    if (message.replySerial === undefined) return
    const waiting = this.pending.get(message.replySerial)
    if (!waiting) return
    this.pending.delete(message.replySerial)
    if (this.pending.size === 0 && this.timer !== undefined) {
      clearTimeout(this.timer)
      this.timer = undefined
    }
    if (message.type === MessageType.error) {
      const text = typeof message.body[0] === "string" ? message.body[0] : ""
      waiting.reject(new DbusCallError("remote", waiting.member, message.errorName, `${message.errorName ?? "error"}: ${text}`))
    } else {
      waiting.resolve(message.body)
    }
  }

  private fail(reason: string): void {
    if (this.closedReason) return
    this.closedReason = reason
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
    for (const waiting of this.pending.values()) {
      waiting.reject(new DbusCallError("disconnected", waiting.member, undefined, reason))
    }
    this.pending.clear()
    this.outbox.clear()
    for (const listener of this.listeners) listener.closed(reason)
    this.listeners.clear()
  }

  close(): void {
    this.fail("closed by client")
    this.socket.end()
    this.socket.destroy()
  }
}
