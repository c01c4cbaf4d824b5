/**
 * The TCP transport: @homebridge/dbus-native 0.7.9, for a `tcp:` bus the user opted into (BusAddress.ts). It gets a
 * host and a port, never an address string: given one, it would honour `unixexec:` and run a program. Same promise
 * API and failure rules as WireConnection. Low-level messages only: proxies would introspect each object first.
 */
import { createRequire } from "node:module"
import { DbusCallError } from "./DbusCallError.js"
import type { CallSpec, DbusConnection } from "./Connection.js"

interface RawBus {
  invoke(message: Record<string, unknown>, callback: (error: unknown, ...values: Array<unknown>) => void): void
  name?: string | null
  connection: {
    end(): void
    on(event: string, listener: (...args: Array<unknown>) => void): void
    stream: {
      on(event: string, listener: (...args: Array<unknown>) => void): void
      destroy(): void
      cork(): void
      uncork(): void
    }
  }
}

interface DbusNative {
  createClient(options: { host: string; port: number; direct?: boolean } | { socket: string; direct?: boolean }): RawBus
}

let native: DbusNative | undefined
// Loaded on first connection, not at import: the CLI imports this package on every call, even for commands that
// never touch D-Bus, and the library costs tens of milliseconds to load.
const loadNative = (): DbusNative => {
  native ??= createRequire(import.meta.url)("@homebridge/dbus-native") as DbusNative
  return native
}


export class NativeConnection implements DbusConnection {
  private readonly pending = new Set<(error: DbusCallError) => void>()
  private closedReason: string | undefined
  private corked = false

  private constructor(private readonly bus: RawBus, readonly address: string, readonly direct: boolean) {
    const fail = (reason: string) => {
      if (this.closedReason) return
      this.closedReason = reason
      for (const reject of this.pending) reject(new DbusCallError("disconnected", "call", undefined, reason))
      this.pending.clear()
    }
    bus.connection.on("error", (error) => fail(`connection error: ${String((error as Error)?.message ?? error)}`))
    bus.connection.on("end", () => fail("connection closed"))
    bus.connection.stream.on("close", () => fail("connection closed"))
  }

  /** `address` only names the connection in errors; the socket is made from `host` and `port`. */
  static openTcp(address: string, host: string, port: number, direct = false): NativeConnection {
    return new NativeConnection(loadNative().createClient({ host, port, direct }), address, direct)
  }

  /** Over a Unix socket path (tests compare it with the wire transport); again no address string. */
  static openSocket(address: string, socketPath: string, direct = false): NativeConnection {
    return new NativeConnection(loadNative().createClient({ socket: socketPath, direct }), address, direct)
  }

  get isOpen(): boolean {
    return this.closedReason === undefined
  }

  call(spec: CallSpec, timeoutMs: number): Promise<ReadonlyArray<unknown>> {
    if (this.closedReason) {
      return Promise.reject(new DbusCallError("disconnected", spec.member, undefined, this.closedReason))
    }
    return new Promise((resolve, reject) => {
      let done = false
      const settle = (error: DbusCallError | undefined, values?: ReadonlyArray<unknown>) => {
        if (done) return
        done = true
        clearTimeout(timer)
        this.pending.delete(onClose)
        if (error) reject(error)
        else resolve(values ?? [])
      }
      const onClose = (error: DbusCallError) => settle(new DbusCallError("disconnected", spec.member, undefined, error.message))
      const timer = setTimeout(
        () => settle(new DbusCallError("timeout", spec.member, undefined, `no reply within ${timeoutMs} ms`)),
        Math.max(1, timeoutMs)
      )
      this.pending.add(onClose)
      const message: Record<string, unknown> = { path: spec.path, interface: spec.interface, member: spec.member }
      if (spec.destination !== undefined) message.destination = spec.destination
      if (spec.signature !== undefined) {
        message.signature = spec.signature
        message.body = spec.body ?? []
      }
      this.cork()
      try {
        this.bus.invoke(message, (error, ...values) => {
          if (error) {
            const { name, message: text } = error as { name?: string; message?: string }
            settle(new DbusCallError("remote", spec.member, name, `${name ?? "error"}: ${text ?? ""}`))
          } else settle(undefined, values)
        })
      } catch (error) {
        settle(new DbusCallError("remote", spec.member, undefined, `could not send: ${String(error)}`))
      }
    })
  }

  /**
   * Calls issued in the same tick leave in one socket write: one write per message was a fifth of the client's
   * CPU in the lab profile (linux-atspi.md §5).
   */
  private cork(): void {
    if (this.corked) return
    const stream = this.bus.connection.stream
    this.corked = true
    stream.cork()
    process.nextTick(() => {
      this.corked = false
      stream.uncork()
    })
  }

  close(): void {
    if (!this.closedReason) this.closedReason = "closed by client"
    for (const reject of this.pending) reject(new DbusCallError("disconnected", "call", undefined, "closed by client"))
    this.pending.clear()
    try {
      this.bus.connection.end()
      this.bus.connection.stream.destroy()
    } catch {
      // already closed
    }
  }
}

