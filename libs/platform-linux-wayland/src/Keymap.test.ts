import { assert, describe, it } from "@effect/vitest"
import { keymapWithExtras, KeymapTextError, SpareKeyAllocator } from "./Keymap.js"

const base = [
  "xkb_keymap {",
  "xkb_keycodes \"(unnamed)\" {",
  "\t<AB11> = 97;",
  "};",
  "",
  "xkb_symbols \"(unnamed)\" {",
  "\tkey <AC01> {\t[ a, A ] };",
  "\tmodifier_map Shift { <LFSH> };",
  "};",
  "",
  "};",
  ""
].join("\n")

describe("keymapWithExtras", () => {
  it("binds each extra to its key at the end of xkb_symbols, leaving the rest as it was", () => {
    const text = keymapWithExtras(base, [
      { key: { keycode: 97, name: "AB11" }, keysymName: "EuroSign" },
      { key: { keycode: 120, name: "I120" }, keysymName: "U1F600" }
    ])
    assert.strictEqual(
      text,
      base.replace("\tmodifier_map Shift { <LFSH> };\n};", "\tmodifier_map Shift { <LFSH> };\n\tkey <AB11> { [ EuroSign ] };\n\tkey <I120> { [ U1F600 ] };\n};")
    )
  })

  it("is the base itself without extras, and refuses names that would break the keymap", () => {
    assert.strictEqual(keymapWithExtras(base, []), base)
    assert.throws(() => keymapWithExtras(base, [{ key: { keycode: 97, name: "AB11" }, keysymName: "x ] }; evil" }]), KeymapTextError)
    assert.throws(() => keymapWithExtras("xkb_keymap {\n};\n", [{ key: { keycode: 97, name: "AB11" }, keysymName: "a" }]), KeymapTextError)
  })
})

describe("SpareKeyAllocator", () => {
  const spare = [{ keycode: 97, name: "AB11" }, { keycode: 120, name: "I120" }]

  it("keeps bindings across calls: typing a bound keysym again needs no new keymap", () => {
    const keys = new SpareKeyAllocator(spare)
    assert.isTrue(keys.bind([0x20ac]))
    assert.isFalse(keys.bind([0x20ac, 0x20ac]))
    assert.strictEqual(keys.keyOf(0x20ac)?.keycode, 97)
  })

  it("evicts the least recently used binding that the current text does not need", () => {
    const keys = new SpareKeyAllocator(spare)
    keys.bind([1])
    keys.bind([2])
    keys.bind([1]) // 1 used more recently than 2
    assert.isTrue(keys.bind([3]))
    assert.isUndefined(keys.keyOf(2))
    assert.deepStrictEqual(keys.bindings().map((b) => b.keysym).sort(), [1, 3])
    // Both bindings needed now are kept even though one is older.
    assert.isTrue(keys.bind([1, 4]))
    assert.isDefined(keys.keyOf(1))
    assert.isDefined(keys.keyOf(4))
  })

  it("refuses more distinct keysyms at once than there are spare keys", () => {
    assert.throws(() => new SpareKeyAllocator(spare).bind([1, 2, 3]), RangeError)
  })
})
