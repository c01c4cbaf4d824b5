import { assert, describe, it } from "@effect/vitest"
import { cleanName, cleanText } from "./Accessible.js"

describe("names and text as an agent reads them", () => {
  it("trims padded names (LibreOffice 7.4 menu items: \"Save As...      \")", () => {
    assert.strictEqual(cleanName("Save As...      "), "Save As...")
  })

  it("drops U+FFFC object-replacement characters (Chromium 156 shows one per embedded child)", () => {
    assert.strictEqual(cleanText("\ufffc\ufffc\ufffc"), "")
    assert.strictEqual(cleanText("a\ufffcb"), "ab")
  })
})
