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
    assert.strictEqual(keysymOf("F25"), 0xffd6)
    assert.isUndefined(keysymOf("f36"))
    assert.isUndefined(keysymOf("hyper"))
  })

  it("map any X keysym name and any character (X's Unicode rule) to its keysym", () => {
    assert.strictEqual(keysymOf("minus"), 0x2d)
    assert.strictEqual(keysymOf("greater"), 0x3e)
    assert.strictEqual(keysymOf("KP_Enter"), 0xff8d)
    assert.strictEqual(keysymOf("-"), 0x2d)
    assert.strictEqual(keysymOf(">"), 0x3e)
    assert.strictEqual(keysymOf("é"), 0xe9)
    assert.strictEqual(keysymOf("€"), 0x10020ac)
    assert.strictEqual(keysymOf("😀"), 0x101f600)
  })

  it("map modifiers to X masks", () => {
    assert.deepStrictEqual((["shift", "ctrl", "alt", "cmd"] as const).map(modifierMask), [1, 4, 8, 64])
  })
})
