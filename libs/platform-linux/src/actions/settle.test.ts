import { assert, describe, it } from "@effect/vitest"
import { pollUntil, settleValue } from "./settle.js"

/** An element whose Value reads answer `values` one after another (the last one from then on). */
const valueReads = (values: ReadonlyArray<number>) => {
  let reads = 0
  const read = () => Promise.resolve(values[Math.min(reads++, values.length - 1)]!)
  return { read, reads: () => reads }
}

describe("settleValue", () => {
  it("waits until the new value shows (Chromium 156 reports a range input's new value a moment after the Set)", async () => {
    const slider = valueReads([50, 50, 70])
    await settleValue(slider.read, 50, 70, Date.now() + 5000)
    assert.strictEqual(slider.reads(), 3)
  })

  it("stops at the first moved value: a widget may round to its step", async () => {
    const slider = valueReads([50, 70])
    await settleValue(slider.read, 50, 70.4, Date.now() + 5000)
    assert.strictEqual(slider.reads(), 2)
  })

  it("a value that never moves is waited for only until the deadline; the read-back then reports it", async () => {
    const slider = valueReads([50])
    await settleValue(slider.read, 50, 70, Date.now() + 300)
    assert.isAbove(slider.reads(), 1)
  })
})

describe("pollUntil", () => {
  it("a failed read ends the wait with the last value read", async () => {
    let reads = 0
    const value = await pollUntil(() => ++reads < 3 ? Promise.resolve(reads) : Promise.reject(new Error("gone")), () => false, Date.now() + 5000)
    assert.strictEqual(value, 2)
  })
})
