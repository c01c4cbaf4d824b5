/**
 * What wakes a watch, merged into one bounded feed: desktop events (a window opened or closed, focus, an app started
 * or ended) in order, and "look": the watched app announced content changes, or, where its toolkit is not known to
 * announce every change (or no event stream is healthy), a poll is due.
 *
 * Storms are coalesced here: change notices only set "a look is due", and a look is handed out once the app has
 * been quiet for `settleMs` or `maxLatencyMs` after the first notice, whichever comes first. An animation's ~60
 * events a second is one look per `maxLatencyMs` at most; a burst of a dozen events from one click is one look.
 * Desktop events are kept up to `capacity`; beyond it the oldest go, and the next item says how many were dropped.
 *
 * Plain promises (the platform's watches need no services), so every rule is unit-tested with fakes and a clock.
 */
import type { ChangeWatch, DesktopEvent, DesktopWatch } from "@agent-desktop/platform"
import { Effect } from "effect"

export type Trigger =
  | { readonly kind: "desktop"; readonly event: DesktopEvent }
  | { readonly kind: "look"; readonly reason: "changes" | "poll" }
  | { readonly kind: "dropped"; readonly count: number }

export interface FeedOptions {
  /** Quiet time after the last change notice before a look. */
  readonly settleMs: number
  /** Longest wait from the first notice to its look, however long the storm. */
  readonly maxLatencyMs: number
  /** Look this often when changes may come unannounced; undefined: only on notices. */
  readonly pollMs?: number
  readonly capacity: number
  readonly now?: () => number
}

/** How long one `next` call of a source waits before the loop looks at the feed's state again. */
const SOURCE_WAIT_MS = 1000

export class TriggerFeed {
  private readonly desktopQueue: Array<DesktopEvent> = []
  private dropped = 0
  private lookDue: { first: number; last: number } | undefined
  private nextPoll: number | undefined
  private changesLost = false
  private wake: (() => void) | undefined
  private closed = false
  private readonly now: () => number

  constructor(
    private readonly options: FeedOptions,
    private readonly desktop: DesktopWatch | undefined,
    private readonly changes: ChangeWatch | undefined
  ) {
    this.now = options.now ?? Date.now
    this.schedulePoll()
    if (desktop) void this.pump(() => Effect.runPromise(desktop.next(this.now() + SOURCE_WAIT_MS)), (event) => this.pushDesktop(event), () => desktop.healthy(), () => undefined)
    if (changes) {
      void this.pump(() => Effect.runPromise(changes.next(this.now() + SOURCE_WAIT_MS)), (notice) => this.notice(notice.events), () => changes.healthy(), () => {
        // The change stream stopped (it may have lost events): polling takes over, starting with a look now.
        this.changesLost = true
        this.notice(1)
        this.schedulePoll()
      })
    }
  }

  /** Whether looks are polled too: no change stream, a lost one, or a toolkit not known to announce every change. */
  private polls(): boolean {
    return this.options.pollMs !== undefined && (this.changes === undefined || this.changesLost || !this.changes.announces)
  }

  private schedulePoll(): void {
    this.nextPoll = this.polls() ? this.now() + this.options.pollMs! : undefined
  }

  private async pump<A>(next: () => Promise<A | undefined>, take: (item: A) => void, healthy: () => boolean, lost: () => void): Promise<void> {
    while (!this.closed && healthy()) {
      let item: A | undefined
      try {
        item = await next()
      } catch {
        break
      }
      if (this.closed) return
      if (item !== undefined) take(item)
    }
    if (!this.closed) lost()
    this.wake?.()
  }

  pushDesktop(event: DesktopEvent): void {
    this.desktopQueue.push(event)
    if (this.desktopQueue.length > this.options.capacity) {
      this.desktopQueue.shift()
      this.dropped++
    }
    this.wake?.()
  }

  notice(events: number): void {
    if (events <= 0) return
    const at = this.now()
    this.lookDue = this.lookDue === undefined ? { first: at, last: at } : { first: this.lookDue.first, last: at }
    this.wake?.()
  }

  /** When the next look is due: a settled storm of notices, or the next poll. */
  private lookAt(): number | undefined {
    const due = this.lookDue
    const settled = due === undefined ? undefined : Math.min(due.last + this.options.settleMs, due.first + this.options.maxLatencyMs)
    if (settled === undefined) return this.nextPoll
    return this.nextPoll === undefined ? settled : Math.min(settled, this.nextPoll)
  }

  /** The next trigger, or undefined at the deadline (epoch ms) or once closed. */
  async next(deadline: number): Promise<Trigger | undefined> {
    for (;;) {
      if (this.closed) return undefined
      if (this.dropped > 0) {
        const count = this.dropped
        this.dropped = 0
        return { kind: "dropped", count }
      }
      const event = this.desktopQueue.shift()
      if (event !== undefined) return { kind: "desktop", event }
      const now = this.now()
      const at = this.lookAt()
      if (at !== undefined && at <= now) {
        const reason = this.lookDue === undefined ? "poll" : "changes"
        this.lookDue = undefined
        this.schedulePoll()
        return { kind: "look", reason }
      }
      if (now >= deadline) return undefined
      const until = Math.min(deadline, at ?? deadline)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, until - now))
        this.wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      this.wake = undefined
    }
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    this.wake?.()
  }
}
