import { assert, describe, it } from "@effect/vitest"
import { PlatformError } from "@agent-desktop/platform"
import { pickWindow } from "./pickWindow.js"

const window = (id: string, visible: boolean, focused: boolean, modal = false) => ({
  info: { id, title: id, app_name: "soffice", pid: 1, is_focused: focused, minimized: false, visible },
  modal
})

describe("pickWindow (--app's window)", () => {
  it("takes a visible modal dialog over the document it blocks, even when the document still says ACTIVE (LibreOffice Calc 7.4)", () => {
    const document = window("document", true, true)
    const alert = window("alert", true, false, true)
    assert.strictEqual(pickWindow([document, alert], "soffice"), alert)
  })

  it("else the only visible window, else the only focused one", () => {
    assert.strictEqual(pickWindow([window("a", true, false), window("b", false, true)], "x").info.id, "a")
    assert.strictEqual(pickWindow([window("a", true, false), window("b", true, true)], "x").info.id, "b")
  })

  it("two visible modal windows and no single focused one are ambiguous", () => {
    try {
      pickWindow([window("a", true, true, true), window("b", true, true, true)], "x")
      assert.fail("expected AMBIGUOUS_TARGET")
    } catch (error) {
      assert.instanceOf(error, PlatformError)
      assert.strictEqual((error as PlatformError).code, "AMBIGUOUS_TARGET")
    }
  })
})
