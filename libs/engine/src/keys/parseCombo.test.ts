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
    assert.strictEqual(parseCombo("f36")._tag, "Invalid")
    assert.strictEqual(parseCombo("nosuchkey")._tag, "Invalid")
    assert.strictEqual(parseCombo("\u0007")._tag, "Invalid")
    // Only the case differs from several X names: the message names them.
    const greek = parseCombo("greek_ALPHA")
    assert.isTrue(greek._tag === "Invalid" && greek.message.includes("Greek_alpha"))
  })

  it("takes every X keysym name, as X spells it or differing only in case, and any single character", () => {
    for (const [input, key] of [
      ["minus", "minus"], ["slash", "slash"], ["period", "period"], ["greater", "greater"], ["ampersand", "ampersand"],
      ["KP_Enter", "KP_Enter"], ["kp_enter", "KP_Enter"], ["XF86AudioMute", "XF86AudioMute"], ["F13", "f13"], ["insert", "Insert"],
      ["-", "-"], ["/", "/"], [">", ">"], ["&", "&"], ["é", "é"], ["€", "€"], ["😀", "😀"], ["Greek_alpha", "Greek_alpha"]
    ] as const) {
      assert.deepStrictEqual(parseCombo(input), { _tag: "Ok", combo: { modifiers: [], key }, dangerous: false }, input)
    }
    assert.deepStrictEqual(parseCombo("ctrl+minus"), { _tag: "Ok", combo: { modifiers: ["ctrl"], key: "minus" }, dangerous: false })
    assert.deepStrictEqual(parseCombo("ctrl+-"), { _tag: "Ok", combo: { modifiers: ["ctrl"], key: "-" }, dangerous: false })
  })

  it("takes + as a key: alone, after modifiers, or by its name", () => {
    assert.deepStrictEqual(parseCombo("+"), { _tag: "Ok", combo: { modifiers: [], key: "+" }, dangerous: false })
    assert.deepStrictEqual(parseCombo("ctrl++"), { _tag: "Ok", combo: { modifiers: ["ctrl"], key: "+" }, dangerous: false })
    assert.deepStrictEqual(parseCombo("ctrl+plus"), { _tag: "Ok", combo: { modifiers: ["ctrl"], key: "plus" }, dangerous: false })
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
