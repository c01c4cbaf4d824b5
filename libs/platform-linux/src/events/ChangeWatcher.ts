/**
 * `watchChanges` on Linux: the AT-SPI events one app sends about its contents (children added or removed, a name, a
 * value, a state, text, a selection, a document), counted between two `next` calls, for a watch that then re-reads
 * the window (the engine's watch diffs it). A storm (an animation's ~60 events a second) is one notice per call.
 *
 * Left out: what moves pixels but not contents (`bounds-changed`, a caret or text selection moving, text attributes),
 * and window events (a new window is the desktop watch's, DesktopWatcher.ts). Events are not attributed to windows
 * (that would need a read per event): every content event of the window's app counts.
 *
 * A process without an event stream (the one-shot CLI) starts one for the watch and stops it with the watch.
 */
import { PlatformError, type ChangeWatch } from "@agent-desktop/platform"
import * as Effect from "effect/Effect"
import type { AtspiSession } from "../atspi/AtspiSession.js"
import type { AtspiEvent } from "./AtspiEvent.js"
import { EventStream } from "./EventStream.js"
import { Wakeup } from "./Wakeup.js"

const quietMajors: ReadonlySet<string> = new Set([
  "bounds-changed", "text-caret-moved", "text-selection-changed", "text-attributes-changed", "text-bounds-changed"
])

/** Whether an event can change what a reader of the app's windows sees. */
export const isContentEvent = (event: AtspiEvent): boolean =>
  (event.klass === "object" && !quietMajors.has(event.major)) || event.klass === "focus" || event.klass === "document"

/** How often a waiting `next` looks at the stream's health. */
const healthCheckMs = 1000

export class ChangeWatcher {
  private count = 0
  private readonly wakeup = new Wakeup()
  private closed = false
  private readonly unsubscribe: () => void
  private readonly unsubscribeDeparture: () => void
  private gone = false

  private constructor(
    private readonly stream: EventStream,
    private readonly ownsStream: boolean,
    busName: string,
    readonly announces: boolean
  ) {
    this.unsubscribe = stream.subscribe((event) => {
      if (event.source.busName !== busName || !isContentEvent(event)) return
      this.count++
      this.wakeup.wake()
    })
    // The app left the bus: its windows are gone, which the next read says; wake the watcher for it.
    this.unsubscribeDeparture = stream.onDeparture((name) => {
      if (name !== busName) return
      this.gone = true
      this.count++
      this.wakeup.wake()
    })
  }

  /** Undefined when the bus delivers no signals or refuses the subscription. */
  static async start(session: AtspiSession, shared: EventStream | undefined, busName: string, announces: boolean): Promise<ChangeWatcher | undefined> {
    const stream = shared?.healthy === true ? shared : await EventStream.start(session, 1500)
    return stream && new ChangeWatcher(stream, stream !== shared, busName, announces)
  }

  get healthy(): boolean {
    return !this.closed && this.stream.healthy
  }

  /** Whether the app left the bus since the watch began. */
  get appGone(): boolean {
    return this.gone
  }

  async next(deadline: number): Promise<{ readonly events: number } | undefined> {
    for (;;) {
      if (this.count > 0) {
        const events = this.count
        this.count = 0
        return { events }
      }
      const left = deadline - Date.now()
      if (!this.healthy || left <= 0) return undefined
      await this.wakeup.pause(Math.min(left, healthCheckMs))
    }
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    this.unsubscribe()
    this.unsubscribeDeparture()
    if (this.ownsStream) this.stream.close()
    this.wakeup.wake()
  }

  asChangeWatch(): ChangeWatch {
    return {
      announces: this.announces,
      next: (deadline) => Effect.tryPromise({
        try: () => this.next(deadline),
        catch: (error) => new PlatformError({ code: "INTERNAL", message: "reading change events failed", platformDetail: String(error) })
      }),
      healthy: () => this.healthy,
      close: () => Effect.sync(() => this.close())
    }
  }
}
