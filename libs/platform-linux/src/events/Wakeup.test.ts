import { describe, expect, it } from "vitest"
import { Wakeup } from "./Wakeup.js"

describe("Wakeup", () => {
  it("ends a pause early when woken, and a wake with no pause does nothing", async () => {
    const wakeup = new Wakeup()
    wakeup.wake()
    let ended = false
    const paused = wakeup.pause(60_000).then(() => (ended = true))
    await Promise.resolve()
    expect(ended).toBe(false)
    wakeup.wake()
    await paused
    expect(ended).toBe(true)
  })

  it("ends a pause by itself after its time", async () => {
    const wakeup = new Wakeup()
    await wakeup.pause(5)
    wakeup.wake()
  })
})
