import { assert, describe, it } from "@effect/vitest"
import { redact } from "./redact.js"

describe("redact", () => {
  it("replaces sensitive keys at any depth, inside arrays too", () => {
    const payload = {
      command: "type",
      text: "hunter2",
      args: { ref: "@s1234:e1", value: 5, nested: [{ name: "Bold", role: "checkbox" }] },
      window: { id: "w-1", title: "Secret doc" },
      password: null
    }
    assert.deepStrictEqual(redact(payload), {
      command: "type",
      text: { redacted: true },
      args: { ref: "@s1234:e1", value: { redacted: true }, nested: [{ name: { redacted: true }, role: "checkbox" }] },
      window: { id: "w-1", title: { redacted: true } },
      password: { redacted: true }
    })
  })

  it("leaves scalars and the input untouched", () => {
    assert.strictEqual(redact("text"), "text")
    const input = { url: "https://x" }
    redact(input)
    assert.deepStrictEqual(input, { url: "https://x" })
  })
})
