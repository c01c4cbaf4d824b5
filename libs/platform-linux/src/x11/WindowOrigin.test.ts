import { assert, describe, it } from "@effect/vitest"
import { parseOrigins } from "./WindowOrigin.js"

describe("parseOrigins", () => {
  it("finds a window by exact title and returns its absolute position", () => {
    const tree = [
      "  Root window id: 0x3a3 (the root window) (has no name)",
      "     0x400007 \"GTK Demo\": (\"gtk4-demo\" \"Gtk4-demo\")  790x590+0+0  +101+57",
      "     0x400009 \"GTK Demo 2\": (\"gtk4-demo\" \"Gtk4-demo\")  790x590+0+0  +5+6",
      "        0x400010 (has no name): ()  1x1+-1+-1  +100+56"
    ].join("\n")
    assert.deepStrictEqual(parseOrigins(tree, "GTK Demo"), [{ x: 101, y: 57 }])
    assert.deepStrictEqual(parseOrigins(tree, "Nothing"), [])
  })
})
