import { assert, describe, it } from "@effect/vitest"
import { chooseWindow, parseActiveWindow, parseFocusPid } from "./KeyboardFocus.js"

describe("KeyboardFocus parsing", () => {
  it("a pid, or nothing", () => {
    assert.strictEqual(parseFocusPid("8331\n"), 8331)
    assert.isUndefined(parseFocusPid(""))
    assert.isUndefined(parseFocusPid("0"))
  })

  it("the active window: its pid, then its title (which may be empty); nothing without a pid", () => {
    assert.deepStrictEqual(parseActiveWindow("4890\nSave As\n"), { pid: 4890, title: "Save As" })
    assert.deepStrictEqual(parseActiveWindow("4890\n\n"), { pid: 4890, title: "" })
    assert.isUndefined(parseActiveWindow("\nSave As\n"))
  })

  it("the window titled like the AT-SPI window, else the only one", () => {
    const windows = [["1", "Form — Mozilla Firefox"], ["2", "Library"]] as const
    assert.strictEqual(chooseWindow(windows, "Form — Mozilla Firefox"), "1")
    assert.isUndefined(chooseWindow(windows, "Other"))
    assert.strictEqual(chooseWindow([["3", "x"]], "Other"), "3")
  })
})
