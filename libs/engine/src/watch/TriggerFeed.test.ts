import type { ChangeWatch, DesktopEvent, DesktopWatch } from "@agent-desktop/platform"
import { Effect } from "effect"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { TriggerFeed, type Trigger } from "./TriggerFeed.js"

/** A source the test pushes into: `next` waits for a push or its deadline, like the platform's watches. */
class FakeSource<A> {
  private readonly items: Array<A> = []
  private wake: (() => void) | undefined
  alive = true
  push(item: A): void {
    this.items.push(item)
    this.wake?.()
  }
  next(deadline: number): Promise<A | undefined> {
    const item = this.items.shift()
    if (item !== undefined || !this.alive) return Promise.resolve(item)
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(this.items.shift()), Math.max(0, deadline - Date.now()))
      this.wake = () => {
        clearTimeout(timer)
        resolve(this.items.shift())
      }
    })
  }
  die(): void {
    this.alive = false
    this.wake?.()
  }
}

const changeWatch = (source: FakeSource<{ events: number }>, announces: boolean): ChangeWatch => ({
  announces,
  next: (deadline) => Effect.promise(() => source.next(deadline)),
  healthy: () => source.alive,
  close: () => Effect.void
})

const desktopWatch = (source: FakeSource<DesktopEvent>): DesktopWatch => ({
  next: (deadline) => Effect.promise(() => source.next(deadline)),
  healthy: () => source.alive,
  close: () => Effect.void
})

const opened = (id: string): DesktopEvent => ({ kind: "window-opened", app: "a", pid: 1, window_id: id, title: id })

/** Everything the feed hands out until `ms` have passed (fake time). */
const collect = async (feed: TriggerFeed, ms: number): Promise<Array<Trigger & { at: number }>> => {
  const start = Date.now()
  const out: Array<Trigger & { at: number }> = []
  const done = (async () => {
    for (;;) {
      const trigger = await feed.next(start + ms)
      if (trigger === undefined) return
      out.push({ ...trigger, at: Date.now() - start })
    }
  })()
  await vi.advanceTimersByTimeAsync(ms + 10)
  await done
  return out
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 })
})
afterEach(() => {
  vi.useRealTimers()
})

const options = { settleMs: 150, maxLatencyMs: 600, pollMs: 1000, capacity: 4 }
/** The same without polling (only notices and desktop events). */
const { pollMs: _poll, ...unpolled } = options

describe("TriggerFeed", () => {
  it("coalesces a storm of change notices (an animation's 60 a second) into one look per maxLatency", async () => {
    const changes = new FakeSource<{ events: number }>()
    const feed = new TriggerFeed(options, undefined, changeWatch(changes, true))
    const storm = setInterval(() => changes.push({ events: 1 }), 16)
    const looks = await collect(feed, 2000)
    clearInterval(storm)
    feed.close()
    expect(looks.every((trigger) => trigger.kind === "look" && trigger.reason === "changes")).toBe(true)
    // ~2000 ms of notices every 16 ms: a look at most every 600 ms, never one per notice.
    expect(looks.length).toBeGreaterThanOrEqual(3)
    expect(looks.length).toBeLessThanOrEqual(4)
  })

  it("a burst is one look once the app is quiet for settleMs; an announcing toolkit is not polled", async () => {
    const changes = new FakeSource<{ events: number }>()
    const feed = new TriggerFeed(options, undefined, changeWatch(changes, true))
    setTimeout(() => changes.push({ events: 12 }), 100)
    setTimeout(() => changes.push({ events: 3 }), 180)
    const looks = await collect(feed, 3000)
    feed.close()
    expect(looks.map((trigger) => [trigger.kind, trigger.at >= 330 && trigger.at < 400])).toEqual([["look", true]])
  })

  it("polls a toolkit not known to announce its changes, and polls once the change stream is lost", async () => {
    const quiet = new FakeSource<{ events: number }>()
    const polled = new TriggerFeed(options, undefined, changeWatch(quiet, false))
    const polls = await collect(polled, 3500)
    polled.close()
    expect(polls.map((trigger) => trigger.kind === "look" && trigger.reason)).toEqual(["poll", "poll", "poll"])

    const lost = new FakeSource<{ events: number }>()
    const feed = new TriggerFeed(options, undefined, changeWatch(lost, true))
    setTimeout(() => lost.die(), 500)
    const after = await collect(feed, 2800)
    feed.close()
    // A look right after the loss (anything may have changed unheard), then polls.
    expect(after.map((trigger) => trigger.kind === "look" && trigger.reason)).toEqual(["changes", "poll", "poll"])
  })

  it("keeps desktop events in order up to its capacity, then says how many it dropped", async () => {
    const desktop = new FakeSource<DesktopEvent>()
    const feed = new TriggerFeed(unpolled, desktopWatch(desktop), undefined)
    for (const id of ["a", "b", "c", "d", "e", "f"]) feed.pushDesktop(opened(id))
    const triggers = await collect(feed, 100)
    feed.close()
    expect(triggers.map((trigger) => trigger.kind === "desktop" ? trigger.event.window_id : trigger.kind === "dropped" ? `dropped ${trigger.count}` : trigger.kind))
      .toEqual(["dropped 2", "c", "d", "e", "f"])
  })

  it("hands out the platform's desktop events as they come", async () => {
    const desktop = new FakeSource<DesktopEvent>()
    const feed = new TriggerFeed(unpolled, desktopWatch(desktop), undefined)
    setTimeout(() => desktop.push(opened("x")), 50)
    const triggers = await collect(feed, 500)
    feed.close()
    expect(triggers.map((trigger) => [trigger.kind, trigger.at])).toEqual([["desktop", 50]])
  })
})
