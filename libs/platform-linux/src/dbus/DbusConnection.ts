/**
 * One D-Bus connection (a bus, or a peer-to-peer socket to one app) with promise calls. Every call has a timeout;
 * when the socket closes, every pending call fails at once with `disconnected`, so a killed app never hangs a read.
 * Unix-socket addresses (every session and accessibility bus, every AT-SPI app socket) use the dedicated wire
 * transport; anything else falls back to @homebridge/dbus-native.
 */
import { NativeConnection } from "./NativeConnection.js"
import { unixTarget, WireConnection } from "./WireConnection.js"

export interface CallSpec {
  readonly destination?: string
  readonly path: string
  readonly interface: string
  readonly member: string
  readonly signature?: string
  readonly body?: ReadonlyArray<unknown>
}

export interface DbusConnection {
  readonly address: string
  readonly direct: boolean
  readonly isOpen: boolean
  call(spec: CallSpec, timeoutMs: number): Promise<ReadonlyArray<unknown>>
  close(): void
}

export const DbusConnection = {
  /** `direct`: a peer-to-peer connection (no bus daemon, no Hello). */
  open(address: string, direct = false): DbusConnection {
    const target = unixTarget(address)
    return target ? new WireConnection(address, target, direct) : NativeConnection.open(address, direct)
  }
}

/** A variant's value: both transports return variants as `[signature, [value]]`. */
export const variantValue = (variant: unknown): unknown =>
  Array.isArray(variant) && Array.isArray(variant[1]) ? variant[1][0] : undefined
