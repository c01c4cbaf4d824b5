import { describe, expect, it } from "vitest"
import { StateSet } from "../../atspi/States.js"
import type { ReadResult } from "../RawTree.js"
import { untilSettled } from "./untilSettled.js"

const result = (extra: Partial<ReadResult> = {}): ReadResult => ({
  root: { node: { ref: { busName: ":1.1", path: "/w" }, role: 23, name: "", description: "", states: StateSet.of(), interfaces: [], childCount: 0 }, path: [] },
  complete: true, incomplete: [], nodesObserved: 1, source: "walk", ...extra
})
const loading = result({ complete: false, incomplete: ["loading"] })
const raced = result({ vanished: 1 })

/** A read function that answers `answers` in turn (the last one again once they run out), counting its calls. */
const scripted = (...answers: Array<ReadResult>) => {
  const calls = { count: 0 }
  return { calls, read: () => Promise.resolve(answers[Math.min(calls.count++, answers.length - 1)]!) }
}

describe("untilSettled", () => {
  it("reads a loading window again until it has loaded, when the caller waits for loads", async () => {
    const { calls, read } = scripted(loading, loading, result())
    expect((await untilSettled(read, { awaitLoad: true, deadline: Date.now() + 5000 })).complete).toBe(true)
    expect(calls.count).toBe(3)
  })

  it("reads a window a change raced (a child listed and gone) once more at once, and no more than once", async () => {
    const settled = scripted(raced, result())
    const started = Date.now()
    expect((await untilSettled(settled.read, { awaitLoad: true, deadline: Date.now() + 5000 })).vanished).toBeUndefined()
    expect(settled.calls.count).toBe(2)
    expect(Date.now() - started).toBeLessThan(200)
    const restless = scripted(raced)
    expect((await untilSettled(restless.read, { awaitLoad: true, deadline: Date.now() + 5000 })).complete).toBe(true)
    expect(restless.calls.count).toBe(2)
  })

  it("a raced read that shows a loading document waits for the load", async () => {
    const { calls, read } = scripted(raced, loading, result())
    expect((await untilSettled(read, { awaitLoad: true, deadline: Date.now() + 5000 })).complete).toBe(true)
    expect(calls.count).toBe(3)
  })

  it("reads once where the caller does not wait, and returns the loading read at the deadline", async () => {
    const once = scripted(raced)
    await untilSettled(once.read, { deadline: Date.now() + 5000 })
    expect(once.calls.count).toBe(1)
    const late = scripted(loading)
    expect((await untilSettled(late.read, { awaitLoad: true, deadline: Date.now() + 600 })).incomplete).toEqual(["loading"])
    expect(late.calls.count).toBeLessThanOrEqual(3)
  })
})
