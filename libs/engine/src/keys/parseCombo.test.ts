import { assert, describe, it } from "@effect/vitest"
import { parseCombo } from "./parseCombo.js"

describe("parseCombo", () => {
  it("reads modifiers (with aliases) and one key", () => {
    const parsed = parseCombo("Shift+Ctrl+s")
    assert.deepStrictEqual(parsed, { _tag: "Ok", combo: { modifiers: ["ctrl", "shift"], key: "s" }, dangerous: false })
    assert.deepStrictEqual(parseCombo("meta+esc"), { _tag: "Ok", combo: { modifiers: ["cmd"], key: "escape" }, dangerous: false })
  })

  it("a bare capital letter is the letter with shift; with modifiers the letter's case does not matter", () => {
    assert.deepStrictEqual(parseCombo("A"), { _tag: "Ok", combo: { modifiers: ["shift"], key: "a" }, dangerous: false })
    assert.deepStrictEqual(parseCombo("a"), { _tag: "Ok", combo: { modifiers: [], key: "a" }, dangerous: false })
    assert.deepStrictEqual(parseCombo("ctrl+S"), { _tag: "Ok", combo: { modifiers: ["ctrl"], key: "s" }, dangerous: false })
  })

  it("rejects unknown modifiers and keys", () => {
    assert.strictEqual(parseCombo("hyper+a")._tag, "Invalid")
    assert.strictEqual(parseCombo("ctrl+")._tag, "Invalid")
    assert.strictEqual(parseCombo("f13")._tag, "Invalid")
  })

  it("flags combos that end apps or sessions, in any modifier order", () => {
    const parsed = parseCombo("delete+alt+ctrl")
    assert.strictEqual(parsed._tag, "Invalid")
    const ok = parseCombo("alt+ctrl+delete")
    assert.isTrue(ok._tag === "Ok" && ok.dangerous)
    const quit = parseCombo("command+q")
    assert.isTrue(quit._tag === "Ok" && quit.dangerous)
    const linuxQuit = parseCombo("Control+Q")
    assert.isTrue(linuxQuit._tag === "Ok" && linuxQuit.dangerous)
  })
})
