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

describe("clear", () => {
  const field = (value: string | undefined) => ({ role: "textfield" as const, states: [], enabled: true, hidden: false, offscreen: false, ...(value === undefined ? {} : { value }) })
  const clear = ACTION_SPECS["clear"]!.verify!
  it("an empty field confirms it; a field left as it was contradicts it", () => {
    expect(clear(field(""), [], {}, "B2")).toBe(true)
    expect(clear(field("B2"), [], {}, "B2")).toBe(false)
    expect(clear(field("B2"), [], {})).toBe(false)
    expect(clear(field(undefined), [], {}, "B2")).toBeUndefined()
  })

  it("a field the app filled again with something else (a completion, an input mask) is no evidence either way", () => {
    expect(clear(field("Manage Names..."), [], {}, "B2")).toBeUndefined()
    expect(clear(field("__/__/____"), [], {}, "12/05/2026")).toBeUndefined()
  })
})
