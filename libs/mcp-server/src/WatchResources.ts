/**
 * Watches as MCP resources: `agent-desktop://watch/APP` (the app's windows, those that open while it runs included)
 * and `agent-desktop://watch/APP/WINDOW_ID` (one window), names percent-encoded. `resources/subscribe` starts the
 * engine's `watch` command for the URI (the same events the streaming CLI prints); each event it reports lands in the
 * URI's buffer and the client gets `notifications/resources/updated` (one per unread batch: a client that has not
 * read yet is not told again); `resources/read` hands the buffered events out as a JSON array of envelopes (in the
 * pinned contract and the server's result profile) and empties the buffer; `resources/unsubscribe` stops the watch.
 * A watch that ended by itself (its window closed, its app quit) leaves its last envelope in the buffer.
 *
 * Bounded: a buffer keeps the newest MAX_BUFFERED events; older ones are replaced by one `events-dropped` count.
 */
import { type Envelope, successEnvelope } from "@agent-desktop/domain"

export const WATCH_SCHEME = "agent-desktop://watch/"

/** Events a subscription keeps between two reads. */
export const MAX_BUFFERED = 128

/** A watch's run time when nobody stops it: a day (a subscription ends with unsubscribe or the connection). */
const SUBSCRIPTION_TIMEOUT_MS = 24 * 60 * 60 * 1000

export interface WatchTarget {
  readonly app: string
  readonly windowId?: string
}

/** The target a watch URI names, or undefined for a URI that is not one. */
export const watchTarget = (uri: string): WatchTarget | undefined => {
  if (!uri.startsWith(WATCH_SCHEME)) return undefined
  const parts = uri.slice(WATCH_SCHEME.length).split("/")
  if (parts.length < 1 || parts.length > 2 || parts.some((part) => part === "")) return undefined
  try {
    const [app, windowId] = parts.map((part) => decodeURIComponent(part))
    return { app: app!, ...(windowId === undefined ? {} : { windowId }) }
  } catch {
    return undefined
  }
}

export const watchUri = (target: WatchTarget): string =>
  `${WATCH_SCHEME}${encodeURIComponent(target.app)}${target.windowId === undefined ? "" : `/${encodeURIComponent(target.windowId)}`}`

export interface WatchRunner {
  /** Runs the `watch` command until `signal` aborts or it ends; `emit` gets each event's data. */
  readonly run: (args: Readonly<Record<string, unknown>>, emit: (data: Readonly<Record<string, unknown>>) => void, signal: AbortSignal) => Promise<Envelope>
  /** The envelope as the client reads it (pinned contract, result profile). */
  readonly shape: (envelope: Envelope) => Readonly<Record<string, unknown>>
  readonly updated: (uri: string) => Promise<void>
}

interface Subscription {
  readonly controller: AbortController
  readonly buffer: Array<Readonly<Record<string, unknown>>>
  dropped: number
  /** A notification went out that the client has not answered with a read. */
  notified: boolean
  done: Promise<void>
}

const watchEnvelope = (data: Readonly<Record<string, unknown>>): Envelope => successEnvelope("watch", data) as Envelope

export class WatchSubscriptions {
  private readonly subscriptions = new Map<string, Subscription>()

  constructor(private readonly runner: WatchRunner, private readonly renderArgs: Readonly<Record<string, unknown>>) {}

  subscribe(uri: string, target: WatchTarget): void {
    if (this.subscriptions.has(uri)) return
    const controller = new AbortController()
    const subscription: Subscription = { controller, buffer: [], dropped: 0, notified: false, done: Promise.resolve() }
    const push = (envelope: Envelope) => {
      subscription.buffer.push(this.runner.shape(envelope))
      if (subscription.buffer.length > MAX_BUFFERED) {
        subscription.buffer.shift()
        subscription.dropped++
      }
      if (!subscription.notified) {
        subscription.notified = true
        void this.runner.updated(uri).catch(() => undefined)
      }
    }
    const args = {
      ...this.renderArgs,
      app: target.app,
      ...(target.windowId === undefined ? {} : { window_id: target.windowId }),
      timeout: SUBSCRIPTION_TIMEOUT_MS
    }
    this.subscriptions.set(uri, subscription)
    subscription.done = this.runner.run(args, (data) => push(watchEnvelope(data)), controller.signal)
      .then((last) => {
        // Stopped by unsubscribe: nobody reads it. Ended by itself (or failed): the client reads why.
        if (!controller.signal.aborted) push(last)
      }, () => undefined)
  }

  /** The buffered events (oldest first), emptied; undefined when the URI has no subscription. */
  read(uri: string): ReadonlyArray<Readonly<Record<string, unknown>>> | undefined {
    const subscription = this.subscriptions.get(uri)
    if (subscription === undefined) return undefined
    const events = subscription.buffer.splice(0)
    const dropped = subscription.dropped
    subscription.dropped = 0
    subscription.notified = false
    if (dropped === 0) return events
    return [this.runner.shape(watchEnvelope({ event: { kind: "events-dropped", count: dropped } })), ...events]
  }

  async unsubscribe(uri: string): Promise<void> {
    const subscription = this.subscriptions.get(uri)
    if (subscription === undefined) return
    this.subscriptions.delete(uri)
    subscription.controller.abort("unsubscribed")
    await subscription.done
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions.keys()].map((uri) => this.unsubscribe(uri)))
  }
}
