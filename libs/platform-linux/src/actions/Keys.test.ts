import { assert, describe, it } from "@effect/vitest"
import { keysymOf, modifierMask } from "./Keys.js"

describe("key names", () => {
  it("map the contract's key names to X keysyms", () => {
    assert.strictEqual(keysymOf("return"), 0xff0d)
    assert.strictEqual(keysymOf("esc"), keysymOf("escape"))
    assert.strictEqual(keysymOf("f1"), 0xffbe)
    assert.strictEqual(keysymOf("F12"), 0xffc9)
    assert.strictEqual(keysymOf("A"), 0x61)
    assert.strictEqual(keysymOf("5"), 0x35)
    assert.strictEqual(keysymOf("f13"), 0xffca)
    assert.strictEqual(keysymOf("space"), 0x20)
    assert.isUndefined(keysymOf("f25"))
    assert.isUndefined(keysymOf("é"))
    assert.isUndefined(keysymOf("😀"))
    assert.isUndefined(keysymOf("hyper"))
  })

  it("map modifiers to X masks", () => {
    assert.deepStrictEqual((["shift", "ctrl", "alt", "cmd"] as const).map(modifierMask), [1, 4, 8, 64])
  })
})
