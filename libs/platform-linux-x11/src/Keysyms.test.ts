import { describe, expect, it } from "vitest"
import { keysymOf } from "./Keysyms.js"

describe("keysymOf", () => {
  it("names, function keys, Latin-1 and other characters", () => {
    expect(keysymOf("return")).toBe(0xff0d)
    expect(keysymOf("Escape")).toBe(0xff1b)
    expect(keysymOf("f1")).toBe(0xffbe)
    expect(keysymOf("f12")).toBe(0xffc9)
    expect(keysymOf("a")).toBe(0x61)
    expect(keysymOf("é")).toBe(0xe9)
    expect(keysymOf("€")).toBe(0x010020ac)
    expect(keysymOf("ab")).toBeUndefined()
    expect(keysymOf("\n")).toBeUndefined()
  })
})
