/**
 * The connections one adapter instance uses: the accessibility bus (registry, fallbacks) and one peer-to-peer
 * connection per app (Application.GetApplicationBusAddress), which is what libatspi does and avoids the bus
 * daemon hop. An app that cannot be reached directly is called through the bus.
 */
import { DbusCallError } from "../dbus/DbusCallError.js"
import { ToolkitDirectory } from "../toolkits/ToolkitDirectory.js"
import type { CallSpec } from "../dbus/Connection.js"
import { DbusConnection } from "../dbus/DbusConnection.js"
import { A11yBusNotFound, a11yBusCandidates, type A11yBusLocation, type LocateAttempt } from "./A11yBusAddress.js"
import { Iface, Paths, registryName } from "./Interfaces.js"
import type { AppCall, ObjectRef } from "./ObjectRef.js"

export type { AppCall, ObjectRef } from "./ObjectRef.js"

export class AtspiSession {
  private readonly apps = new Map<string, Promise<DbusConnection>>()
  /** Apps whose direct connection is open: a call to them is sent at once, without awaiting the opening. */
  private readonly ready = new Map<string, DbusConnection>()
  private readonly direct = new Map<string, boolean>()
  /** Each app's toolkit profile, asked once per session. */
  readonly toolkits: ToolkitDirectory = new ToolkitDirectory(this)

  private constructor(readonly bus: DbusConnection, readonly location: A11yBusLocation) {}

  /** Connects to the first accessibility bus candidate that answers. */
  static async open(timeoutMs = 1500): Promise<AtspiSession> {
    const attempts: Array<LocateAttempt> = []
    for await (const location of a11yBusCandidates(timeoutMs, attempts)) {
      const bus = DbusConnection.open(location.address)
      try {
        await bus.call({ destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: Iface.dbus, member: "GetId" }, timeoutMs)
        return new AtspiSession(bus, location)
      } catch (error) {
        bus.close()
        attempts.push({ source: location.source, error: `${location.address} does not answer (${(error as Error).message})` })
      }
    }
    throw new A11yBusNotFound(attempts)
  }

  /** True when calls to this app go over its own socket rather than through the bus daemon. */
  isDirect(busName: string): boolean {
    return this.direct.get(busName) === true
  }

  private connectApp(busName: string, timeoutMs: number): Promise<DbusConnection> {
    const existing = this.apps.get(busName)
    if (existing) return existing
    // The registry daemon has no application bus of its own: asking would only cost a failing round trip on
    // every window lookup.
    if (busName === registryName) {
      const bus = Promise.resolve(this.bus)
      this.apps.set(busName, bus)
      return bus
    }
    const opening = (async () => {
      // Asked through the bus (ToolkitDirectory uses callViaBus): the profile decides whether to open the socket.
      if ((await this.toolkits.profileOf(busName, timeoutMs)).peerToPeerUnsafe === true) {
        this.direct.set(busName, false)
        return this.bus
      }
      try {
        const [address] = await this.bus.call({
          destination: busName,
          path: Paths.root,
          interface: Iface.application,
          member: "GetApplicationBusAddress"
        }, timeoutMs)
        if (typeof address !== "string" || address.length === 0) throw new Error("no application bus address")
        const connection = DbusConnection.open(address, true)
        // The handshake is asynchronous: prove the socket works before routing reads through it.
        await connection.call({ path: Paths.root, interface: Iface.accessible, member: "GetRole" }, timeoutMs)
        this.direct.set(busName, true)
        this.ready.set(busName, connection)
        return connection
      } catch (error) {
        if (error instanceof DbusCallError && error.peerGone && error.failure !== "disconnected") throw error
        this.direct.set(busName, false)
        return this.bus
      }
    })()
    this.apps.set(busName, opening)
    opening.catch(() => this.apps.delete(busName))
    return opening
  }

  /**
   * Calls a method on an object of one app, peer-to-peer when possible. Once the app's socket is open the call is
   * sent in the same tick (a tree read makes thousands of these: an await per call was measurable).
   */
  call(target: ObjectRef, spec: AppCall, timeoutMs: number): Promise<ReadonlyArray<unknown>> {
    const ready = this.ready.get(target.busName)
    if (ready !== undefined && ready.isOpen) return ready.call(directCall(target, spec), timeoutMs)
    return this.callOpening(target, spec, timeoutMs)
  }

  private async callOpening(target: ObjectRef, spec: AppCall, timeoutMs: number): Promise<ReadonlyArray<unknown>> {
    const connection = await this.connectApp(target.busName, timeoutMs)
    if (connection === this.bus || !connection.isOpen) {
      if (connection !== this.bus) {
        this.apps.delete(target.busName)
        this.ready.delete(target.busName)
      }
      return this.bus.call({ ...spec, path: target.path, destination: target.busName }, timeoutMs)
    }
    return connection.call(directCall(target, spec), timeoutMs)
  }

  /** A call through the bus daemon even where the app's own socket is open (what decides whether to open it). */
  callViaBus(target: ObjectRef, spec: AppCall, timeoutMs: number): Promise<ReadonlyArray<unknown>> {
    return this.bus.call({ ...spec, path: target.path, destination: target.busName }, timeoutMs)
  }

  /** Forgets an app's connection (after it went away). */
  forget(busName: string): void {
    const existing = this.apps.get(busName)
    this.apps.delete(busName)
    this.ready.delete(busName)
    existing?.then((connection) => connection !== this.bus && connection.close(), () => {})
  }

  close(): void {
    for (const opening of this.apps.values()) {
      opening.then((connection) => connection !== this.bus && connection.close(), () => {})
    }
    this.apps.clear()
    this.ready.clear()
    this.bus.close()
  }
}

/** A call on an app's own socket. A literal, not a spread: one call per detail of every node of a read. */
const directCall = (target: ObjectRef, spec: AppCall): CallSpec => spec.decodeBody !== undefined
  ? { ...spec, path: target.path }
  : spec.signature === undefined
    ? { path: target.path, interface: spec.interface, member: spec.member }
    : { path: target.path, interface: spec.interface, member: spec.member, signature: spec.signature, body: spec.body ?? [] }
