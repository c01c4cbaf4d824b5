import { assert, describe, it } from "@effect/vitest"
import { rawNode } from "../testing/rawNode.js"
import { toggleActionIndex } from "./toggle.js"

describe("toggleActionIndex", () => {
  it("the toggle action wins over a click action listed before it", () => {
    assert.strictEqual(toggleActionIndex(rawNode({ actions: ["click", "toggle"] })), 1)
  })

  it("without toggle, the click action; with neither, -1", () => {
    assert.strictEqual(toggleActionIndex(rawNode({ actions: ["showcontextmenu", "press"] })), 1)
    assert.strictEqual(toggleActionIndex(rawNode({ actions: ["showcontextmenu"] })), -1)
    assert.strictEqual(toggleActionIndex(rawNode({})), -1)
  })
})
