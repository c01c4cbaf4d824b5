import { assert, describe, it } from "@effect/vitest"
import { Limiter } from "./Limiter.js"

describe("Limiter", () => {
  it("runs at most `concurrency` tasks at once, every task in the order given, each exactly once", async () => {
    const limiter = new Limiter(3)
    let running = 0
    let most = 0
    const order: Array<number> = []
    const results = await Promise.all(Array.from({ length: 1000 }, (_, i) => limiter.run(async () => {
      running++
      most = Math.max(most, running)
      order.push(i)
      await new Promise((resolve) => setImmediate(resolve))
      running--
      return i * 2
    })))
    assert.strictEqual(most, 3)
    assert.deepStrictEqual(order, Array.from({ length: 1000 }, (_, i) => i))
    assert.deepStrictEqual(results, Array.from({ length: 1000 }, (_, i) => i * 2))
  })

  it("a failed task rejects its own promise and the queue goes on", async () => {
    const limiter = new Limiter(1)
    const failed = limiter.run(() => Promise.reject(new Error("no")))
    const next = limiter.run(() => Promise.resolve("yes"))
    const [first, second] = await Promise.allSettled([failed, next])
    assert.strictEqual(first.status, "rejected")
    assert.deepStrictEqual(second, { status: "fulfilled", value: "yes" })
  })
})
