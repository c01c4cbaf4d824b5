/**
 * The accessibility bus's event stream, for long-lived processes (the MCP server, the warm host): match rules for
 * AT-SPI event signals and for apps leaving the bus, and listener registrations with the registry so the toolkits
 * emit the events beyond the three the bridges always send (children-changed, property-change, state-changed).
 *
 * What it keeps is what a cache needs to know it is still true: a change counter per app (every event from it, and
 * its departure, moves it) and an epoch that moves when the stream itself may have lost events (the bus closed).
 * `barrier` proves the counters are current for one app: its reply travels the app's bus connection behind every
 * event the app emitted before it, and the bus keeps one sender's messages in order.
 */
import type { AtspiSession, ObjectRef } from "../atspi/AtspiSession.js"
import { Iface, Paths, registryName } from "../atspi/Interfaces.js"
import type { DbusSignal } from "../dbus/DbusConnection.js"
import { eventInterfacePrefix, eventOfSignal, type AtspiEvent } from "./AtspiEvent.js"

/** Event classes the stream listens to. */
const eventClasses = ["Object", "Window", "Focus", "Document"] as const

/**
 * What the toolkits are asked to emit beyond the three the bridges always send: what a kept read needs (bounds,
 * text, selection, visible data) and what `wait` matches (window, focus, document). Not caret moves or text
 * attributes, which would only add traffic to every app on the desktop while a warm process runs.
 */
const registeredEvents = [
  "object:bounds-changed", "object:text-changed", "object:selection-changed", "object:active-descendant-changed",
  "object:visible-data-changed", "object:model-changed", "window:", "focus:", "document:"
] as const

export type EventListener = (event: AtspiEvent) => void

export class EventStream {
  private readonly changes = new Map<string, number>()
  private ownership = 0
  private readonly listeners = new Set<EventListener>()
  private readonly departures = new Set<(busName: string) => void>()
  private epochValue = 0
  private open = true
  private readonly stop: () => void

  private constructor(private readonly session: AtspiSession) {
    const listen = session.bus.listen
    if (!listen) throw new Error("this bus transport does not deliver signals")
    this.stop = listen.call(session.bus, {
      signal: (signal) => this.receive(signal),
      closed: () => this.gap()
    })
  }

  /**
   * Subscribes on the session's bus. Undefined when the transport has no signals or the bus refuses the match
   * rules: callers then read live, as without a stream.
   */
  static async start(session: AtspiSession, timeoutMs: number): Promise<EventStream | undefined> {
    if (!session.bus.listen) return undefined
    const stream = new EventStream(session)
    try {
      const rules = [
        ...eventClasses.map((klass) => `type='signal',interface='${eventInterfacePrefix}${klass}'`),
        "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged'"
      ]
      await Promise.all(rules.map((rule) => session.bus.call({
        destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: Iface.dbus, member: "AddMatch", signature: "s", body: [rule]
      }, timeoutMs)))
      // Registration only widens what apps send; without it the three cache events still arrive.
      await Promise.all(registeredEvents.map((event) => session.bus.call({
        destination: registryName, path: Paths.registry, interface: Iface.registry, member: "RegisterEvent", signature: "sass", body: [event, [], ""]
      }, timeoutMs).catch(() => undefined)))
      return stream
    } catch {
      stream.close()
      return undefined
    }
  }

  /** False once the bus closed or the stream was stopped: nothing it says can be trusted any more. */
  get healthy(): boolean {
    return this.open && this.session.bus.isOpen
  }

  /** Moves whenever events may have been lost; a cache entry made in another epoch is void. */
  get epoch(): number {
    return this.epochValue
  }

  /** How many bus names came or went since the stream started (apps start and quit). */
  get ownershipChanges(): number {
    return this.ownership
  }

  /** How many changes this app has announced (events, departure) since the stream started. */
  changesOf(busName: string): number {
    return this.changes.get(busName) ?? 0
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Called with a unique bus name when its connection leaves the bus (an app ended; GTK 4 apps say nothing else). */
  onDeparture(listener: (busName: string) => void): () => void {
    this.departures.add(listener)
    return () => this.departures.delete(listener)
  }

  /**
   * Asks the app, through the bus, for one object's screen extents. When the answer arrives, every event the app
   * emitted before answering has been received (same sender, same bus connection, in order).
   */
  async barrier(ref: ObjectRef, timeoutMs: number): Promise<ReadonlyArray<number>> {
    const [box] = await this.session.bus.call({
      destination: ref.busName, path: ref.path, interface: Iface.component, member: "GetExtents", signature: "u", body: [0]
    }, timeoutMs)
    return Array.isArray(box) ? box as ReadonlyArray<number> : []
  }

  close(): void {
    if (!this.open) return
    this.open = false
    this.stop()
    this.gap()
  }

  private receive(signal: DbusSignal): void {
    if (signal.member === "NameOwnerChanged" && signal.interface === Iface.dbus) {
      const [name, , newOwner] = signal.body
      this.ownership++
      if (typeof name === "string") this.bump(name)
      if (typeof name === "string" && name.startsWith(":") && newOwner === "") for (const listener of this.departures) listener(name)
      return
    }
    const event = eventOfSignal(signal)
    if (!event) return
    this.bump(event.source.busName)
    for (const listener of this.listeners) listener(event)
  }

  private bump(busName: string): void {
    this.changes.set(busName, (this.changes.get(busName) ?? 0) + 1)
  }

  private gap(): void {
    this.epochValue++
  }
}
