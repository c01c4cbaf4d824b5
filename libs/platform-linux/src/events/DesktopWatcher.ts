/**
 * `watchDesktop` on Linux: desktop events from the accessibility bus's AT-SPI events (EventStream), for `wait
 * --event`. It subscribes first and reads the baseline (apps and their windows) second, so a change between the two
 * is not lost; changes that arrive meanwhile wait in line behind the baseline (DesktopTracker.ts).
 *
 * A process without an event stream (the one-shot CLI) starts one for the watch and stops it with the watch; a warm
 * adapter's stream is shared. Every read an event needs (a new app's name, pid and windows, a title) is bounded.
 */
import { PlatformError, type DesktopEvent, type DesktopWatch } from "@agent-desktop/platform"
import * as Effect from "effect/Effect"
import { Accessible } from "../atspi/Accessible.js"
import type { AppDirectory, RegisteredApp } from "../atspi/AppDirectory.js"
import type { AtspiSession } from "../atspi/AtspiSession.js"
import { Paths } from "../atspi/Interfaces.js"
import { desktopChangeOf, type DesktopChange } from "./DesktopChange.js"
import { DesktopTracker, type TrackedApp, type TrackedWindow } from "./DesktopTracker.js"
import { EventStream } from "./EventStream.js"
import { Wakeup } from "./Wakeup.js"

const readMs = 1500
/** How often a waiting `next` looks at the stream's health (not at the desktop). */
const healthCheckMs = 1000

const trackedWindows = async (directory: AppDirectory, app: RegisteredApp): Promise<ReadonlyArray<TrackedWindow>> =>
  (await directory.windowsOf(app)).map((entry) => ({
    ref: entry.ref,
    title: entry.info.title,
    shown: entry.info.visible !== false && entry.info.minimized !== true
  }))

const registered = (app: TrackedApp): RegisteredApp => ({ ref: { busName: app.busName, path: Paths.root }, name: app.name, pid: app.pid })

export class DesktopWatcher {
  private readonly queue: Array<DesktopEvent> = []
  private readonly wakeup = new Wakeup()
  private chain: Promise<void>
  private failure: unknown
  private closed = false
  private readonly unsubscribe: () => void
  private readonly unsubscribeDepartures: () => void

  private constructor(
    private readonly stream: EventStream,
    private readonly ownsStream: boolean,
    tracker: DesktopTracker,
    baseline: Promise<void>
  ) {
    this.chain = baseline
    this.unsubscribe = stream.subscribe((event) => {
      const change = desktopChangeOf(event)
      if (change) this.enqueue(tracker, change)
    })
    // An app leaving the bus has ended, announced by the registry or not (GTK 4).
    this.unsubscribeDepartures = stream.onDeparture((busName) => this.enqueue(tracker, { change: "app-left", busName }))
  }

  private enqueue(tracker: DesktopTracker, change: DesktopChange): void {
    this.chain = this.chain
        .then(() => tracker.apply(change))
        .then((events) => {
          this.queue.push(...events)
          if (events.length > 0) this.wakeup.wake()
        }, (error: unknown) => {
          this.failure = error
          this.wakeup.wake()
        })
  }

  /** Undefined when the bus delivers no signals or refuses the subscription. */
  static async start(session: AtspiSession, directory: AppDirectory, shared: EventStream | undefined): Promise<DesktopWatcher | undefined> {
    const stream = shared?.healthy === true ? shared : await EventStream.start(session, readMs)
    if (!stream) return undefined
    const tracker = new DesktopTracker({
      // From the registry's list: an app's root is not always at Paths.root (GTK 4).
      app: async (busName) => {
        const app = (await directory.apps()).find((candidate) => candidate.ref.busName === busName)
        return app && { busName, name: app.name, pid: app.pid ?? 0 }
      },
      windows: (app) => trackedWindows(directory, registered(app)),
      title: (ref) => Accessible.of(session, ref).name(readMs).catch(() => "")
    })
    let release!: () => void
    let reject!: (error: unknown) => void
    const gate = new Promise<void>((resolve, fail) => {
      release = resolve
      reject = fail
    })
    // Subscribed before the baseline is read: nothing in between is lost.
    const watcher = new DesktopWatcher(stream, stream !== shared, tracker, gate)
    try {
      const apps = await directory.apps()
      const windows = (await Promise.all(apps.map((app) => trackedWindows(directory, app)))).flat()
      tracker.baseline(apps.map((app) => ({ busName: app.ref.busName, name: app.name, pid: app.pid ?? 0 })), windows)
      release()
    } catch (error) {
      reject(error)
      watcher.close()
      throw error
    }
    return watcher
  }

  get healthy(): boolean {
    return !this.closed && this.failure === undefined && this.stream.healthy
  }

  async next(deadline: number): Promise<DesktopEvent | undefined> {
    for (;;) {
      const event = this.queue.shift()
      if (event) return event
      if (this.failure !== undefined) throw this.failure
      const left = deadline - Date.now()
      if (!this.healthy || left <= 0) return undefined
      await this.wakeup.pause(Math.min(left, healthCheckMs))
    }
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    this.unsubscribe()
    this.unsubscribeDepartures()
    if (this.ownsStream) this.stream.close()
    this.wakeup.wake()
  }

  /** The platform capability (DesktopWatch) over this watcher. */
  asDesktopWatch(): DesktopWatch {
    return {
      next: (deadline) => Effect.tryPromise({
        try: () => this.next(deadline),
        catch: (error) => error instanceof PlatformError
          ? error
          : new PlatformError({ code: "INTERNAL", message: "reading a desktop event failed", platformDetail: String(error) })
      }),
      healthy: () => this.healthy,
      close: () => Effect.sync(() => this.close())
    }
  }
}
