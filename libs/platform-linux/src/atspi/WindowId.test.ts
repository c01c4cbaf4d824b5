import { assert, describe, it } from "@effect/vitest"
import { refOfWindowId, windowIdOf } from "./WindowId.js"

describe("window ids", () => {
  it("round-trip bus name and object path", () => {
    const ref = { busName: ":1.42", path: "/org/a11y/atspi/accessible/17" }
    assert.strictEqual(windowIdOf(ref), "w-1.42-org-a11y-atspi-accessible-17")
    assert.deepStrictEqual(refOfWindowId(windowIdOf(ref)), ref)
    const gtk4 = { busName: ":1.11", path: "/org/gnome/Calculator/a11y/ab12_cd" }
    assert.deepStrictEqual(refOfWindowId(windowIdOf(gtk4)), gtk4)
  })

  it("reject ids that are not ours", () => {
    assert.isUndefined(refOfWindowId("w-204749"))
    assert.isUndefined(refOfWindowId("x-1.2-org"))
  })
})
