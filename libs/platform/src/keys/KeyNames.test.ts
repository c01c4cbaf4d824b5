import { assert, describe, it } from "@effect/vitest"
import { keysymOfCodePoint, keysymOfName, keysymOfTextChar, lookupKeyName } from "./KeyNames.js"

describe("X keysym names", () => {
  it("knows punctuation, keypad, function, media and non-Latin names with their values", () => {
    assert.strictEqual(keysymOfName("minus"), 0x2d)
    assert.strictEqual(keysymOfName("slash"), 0x2f)
    assert.strictEqual(keysymOfName("greater"), 0x3e)
    assert.strictEqual(keysymOfName("ampersand"), 0x26)
    assert.strictEqual(keysymOfName("KP_Enter"), 0xff8d)
    assert.strictEqual(keysymOfName("F13"), 0xffca)
    assert.strictEqual(keysymOfName("XF86AudioMute"), 0x1008ff12)
    assert.strictEqual(keysymOfName("EuroSign"), 0x20ac)
    assert.strictEqual(keysymOfName("Greek_alpha"), 0x7e1)
  })

  it("reads Unicode (U20AC, U+20AC) and raw (0x...) forms as X does", () => {
    assert.strictEqual(keysymOfName("U20AC"), 0x10020ac)
    assert.strictEqual(keysymOfName("U+00E9"), 0xe9)
    assert.strictEqual(keysymOfName("0xff0d"), 0xff0d)
    assert.isUndefined(keysymOfName("U0007"))
  })

  it("takes a name whose case alone differs when it matches one keysym, and names the candidates when several", () => {
    assert.deepStrictEqual(lookupKeyName("kp_enter"), { _tag: "Known", name: "KP_Enter", keysym: 0xff8d })
    const greek = lookupKeyName("greek_ALPHA")
    assert.strictEqual(greek._tag, "Ambiguous")
    assert.includeMembers(greek._tag === "Ambiguous" ? [...greek.candidates] : [], ["Greek_alpha", "Greek_ALPHA"])
    assert.deepStrictEqual(lookupKeyName("nosuchkey"), { _tag: "Unknown" })
  })

  it("gives characters X's keysyms: Latin-1 as code points, the rest offset; text control characters as keys", () => {
    assert.strictEqual(keysymOfCodePoint(0x2d), 0x2d)
    assert.strictEqual(keysymOfCodePoint(0xe9), 0xe9)
    assert.strictEqual(keysymOfCodePoint(0x20ac), 0x10020ac)
    assert.isUndefined(keysymOfCodePoint(0x1b))
    assert.strictEqual(keysymOfTextChar("\n"), 0xff0d)
    assert.strictEqual(keysymOfTextChar("\t"), 0xff09)
    assert.strictEqual(keysymOfTextChar("😀"), 0x101f600)
  })
})
