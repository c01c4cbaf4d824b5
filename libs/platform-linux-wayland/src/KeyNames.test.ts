import { assert, describe, it } from "@effect/vitest"
import { requireAddon } from "../test/requireAddon.js"
import { keysymOfChar, keysymOfKey } from "./KeyNames.js"

// xkbcommon itself (through the addon; no compositor needed): the names agree with X11's keysym values.
const xkb = requireAddon()

describe("key names", () => {
  it("names the contract's keys with X11's keysym values", () => {
    const table: ReadonlyArray<[string, number]> = [
      ["return", 0xff0d], ["enter", 0xff0d], ["esc", 0xff1b], ["tab", 0xff09], ["space", 0x20], ["backspace", 0xff08],
      ["delete", 0xffff], ["up", 0xff52], ["left", 0xff51], ["home", 0xff50], ["end", 0xff57], ["pageup", 0xff55],
      ["pagedown", 0xff56], ["insert", 0xff63], ["f1", 0xffbe], ["F12", 0xffc9], ["f24", 0xffd5], ["a", 0x61], ["A", 0x41],
      ["é", 0xe9], ["€", 0x20ac], ["XF86AudioMute", 0x1008ff12]
    ]
    for (const [name, keysym] of table) assert.strictEqual(keysymOfKey(xkb!, name), keysym, name)
    assert.isUndefined(keysymOfKey(xkb!, "nosuchkey"))
  })

  it("types characters: legacy keysyms where xkb has one, Unicode keysyms otherwise, newline and tab as keys", () => {
    assert.strictEqual(keysymOfChar(xkb!, "€"), 0x20ac)
    assert.strictEqual(keysymOfChar(xkb!, "😀"), 0x0100_0000 + 0x1f600)
    assert.strictEqual(keysymOfChar(xkb!, "\n"), 0xff0d)
    assert.strictEqual(keysymOfChar(xkb!, "\t"), 0xff09)
    assert.isUndefined(keysymOfChar(xkb!, "\u0001"))
  })
})
