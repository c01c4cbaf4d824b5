import { assert, describe, it } from "@effect/vitest"
import { AtspiRole } from "../atspi/Roles.js"
import { StateSet } from "../atspi/States.js"
import { describesOnlyValue, toObserved } from "./Observed.js"
import type { RawTree } from "./RawTree.js"

const slider = (description: string, value: number): RawTree => ({
  node: {
    ref: { busName: ":1.1", path: "/13" }, role: AtspiRole.slider, name: "Level", description, states: StateSet.from([0, 0]),
    interfaces: ["Value"], childCount: 0, value
  },
  path: [0]
})

describe("descriptions that only repeat the value", () => {
  it("a GTK 3 scale's drawn value is no description (gtk3-widget-factory 3.24.38: \"50.0\" at 50), so identity survives set-value", () => {
    assert.isUndefined(toObserved(slider("50.0", 50)).description)
    assert.isUndefined(toObserved(slider("7", 7)).description)
    // Drawn with the scale's digits: "7" at 7.4, "0.5" at 0.52.
    assert.isTrue(describesOnlyValue({ description: "7", value: 7.4 }))
    assert.isTrue(describesOnlyValue({ description: "0.5", value: 0.52 }))
  })

  it("a real description, or a number that is not the value, is kept", () => {
    assert.strictEqual(toObserved(slider("Volume of the left channel", 50)).description, "Volume of the left channel")
    assert.strictEqual(toObserved(slider("49", 50)).description, "49")
    assert.isFalse(describesOnlyValue({ description: "7.0", value: 7.1 }))
    assert.isFalse(describesOnlyValue({ description: "50" }))
  })
})
