/**
 * One D-Bus connection (a bus, or a peer-to-peer socket to one app) with promise calls. Every call has a timeout;
 * when the socket closes, every pending call fails at once with `disconnected`, so a killed app never hangs a read.
 * Unix-socket addresses (every session and accessibility bus, every AT-SPI app socket) use the dedicated wire
 * transport; a `tcp:` address (only when opted in) uses @homebridge/dbus-native with a host and port, never the
 * address string; anything else is refused (BusAddress.ts).
 */
import { BusAddressRefused, parseBusAddress, type BusTarget } from "./BusAddress.js"
import { NativeConnection } from "./NativeConnection.js"
import { RefusedConnection } from "./RefusedConnection.js"
import type { DbusConnection as Connection } from "./Connection.js"
import { WireConnection } from "./WireConnection.js"

export type { CallSpec, DbusSignal, SignalListener } from "./Connection.js"
/** The connection interface (`Connection.ts`, shared with the transports) under the name callers know. */
export type DbusConnection = Connection

export const DbusConnection = {
  /**
   * `direct`: a peer-to-peer connection (no bus daemon, no Hello). A refused address opens nothing: its calls fail
   * at once with the reason (RefusedConnection).
   */
  open(address: string, direct = false): DbusConnection {
    let target: BusTarget
    try {
      target = parseBusAddress(address)
    } catch (error) {
      if (error instanceof BusAddressRefused) return new RefusedConnection(address, error, direct)
      throw error
    }
    return target.kind === "unix"
      ? new WireConnection(address, { path: target.path }, direct)
      : NativeConnection.openTcp(address, target.host, target.port, direct)
  }
}

/** A variant's value: both transports return variants as `[signature, [value]]`. */
export const variantValue = (variant: unknown): unknown =>
  Array.isArray(variant) && Array.isArray(variant[1]) ? variant[1][0] : undefined
