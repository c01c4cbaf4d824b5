/**
 * A minimal promise wrapper over @homebridge/dbus-native for the few calls start-up needs (GetAddress, IsEnabled,
 * the registry's children). Low-level messages only: proxies would introspect every object first.
 */
import { createRequire } from "node:module"

interface RawBus {
  invoke(message: Record<string, unknown>, callback: (error: unknown, ...values: Array<unknown>) => void): void
  connection: { end(): void; on(event: string, listener: (...args: Array<unknown>) => void): void }
}

interface DbusNative {
  createClient(options: { busAddress: string; direct?: boolean }): RawBus
}

const require = createRequire(import.meta.url)

export interface CallSpec {
  readonly destination: string
  readonly path: string
  readonly interface: string
  readonly member: string
  readonly signature?: string
  readonly body?: ReadonlyArray<unknown>
}

export class DbusClient {
  private constructor(private readonly bus: RawBus) {}

  static connect(address: string): DbusClient {
    const native = require("@homebridge/dbus-native") as DbusNative
    const bus = native.createClient({ busAddress: address })
    // Connection errors surface as failed calls; an unhandled 'error' event would crash the process.
    bus.connection.on("error", () => {})
    return new DbusClient(bus)
  }

  call(spec: CallSpec, timeoutMs = 2000): Promise<ReadonlyArray<unknown>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${spec.member}: no reply within ${timeoutMs} ms`)), timeoutMs)
      this.bus.invoke({ ...spec }, (error, ...values) => {
        clearTimeout(timer)
        if (error) reject(new Error(`${spec.member}: ${describe(error)}`))
        else resolve(values)
      })
    })
  }

  close(): void {
    try {
      this.bus.connection.end()
    } catch {
      // already closed
    }
  }
}

const describe = (error: unknown): string => {
  if (error && typeof error === "object") {
    const { name, message } = error as { name?: unknown; message?: unknown }
    return [name, message].filter((part) => typeof part === "string" && part.length > 0).join(": ")
  }
  return String(error)
}

/** dbus-native returns a variant as `[signatureTree, [value]]`. */
export const variantValue = (variant: unknown): unknown =>
  Array.isArray(variant) && Array.isArray(variant[1]) ? variant[1][0] : undefined
