import { describe, expect, it } from "vitest"
import { ACTION_SPECS } from "./ActionSpec.js"

const post = (states: ReadonlyArray<string>) => ({ role: "checkbox" as const, states: [...states], enabled: true, hidden: false, offscreen: false })

describe("check, uncheck and toggle on a tri-state box", () => {
  const partial = ["checked", "indeterminate"]
  it("a box half way is neither checked nor unchecked: check and uncheck both act on it", () => {
    expect(ACTION_SPECS["check"]!.satisfied!(partial)).toBe(false)
    expect(ACTION_SPECS["uncheck"]!.satisfied!(partial)).toBe(false)
    expect(ACTION_SPECS["uncheck"]!.satisfied!(["indeterminate"])).toBe(false)
    expect(ACTION_SPECS["check"]!.satisfied!(["checked"])).toBe(true)
    expect(ACTION_SPECS["uncheck"]!.satisfied!([])).toBe(true)
  })

  it("check is verified only by a fully checked box; toggle by any change of the check state", () => {
    expect(ACTION_SPECS["check"]!.verify!(post(partial), [], {})).toBe(false)
    expect(ACTION_SPECS["check"]!.verify!(post(["checked"]), partial, {})).toBe(true)
    expect(ACTION_SPECS["toggle"]!.verify!(post(["checked"]), partial, {})).toBe(true)
    expect(ACTION_SPECS["toggle"]!.verify!(post(partial), partial, {})).toBe(false)
  })
})
