import { assert, describe, it } from "@effect/vitest"
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { parseOrigins, windowOrigin } from "./WindowOrigin.js"

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

describe("windowOrigin", () => {
  it("asks xwininfo for titles in UTF-8 even in the C locale (else a non-ASCII title fails to convert and is never found)", async () => {
    // A stand-in xwininfo that behaves like the real one: without a UTF-8 locale the title fails to convert.
    const bin = mkdtempSync(join(tmpdir(), "xwininfo-"))
    writeFileSync(join(bin, "xwininfo"), [
      "#!/bin/sh",
      "case \"${LC_ALL:-${LC_CTYPE:-$LANG}}\" in",
      "  *UTF-8*|*utf8*) echo '     0x600004 \"List Box — Controls\": (\"demo\" \"demo\")  378x400+1+20  +1+619' ;;",
      "  *) echo '     0x600004 \" (failure in conversion from UTF8_STRING to ANSI_X3.4-1968)\": (\"demo\" \"demo\")  378x400+1+20  +1+619' ;;",
      "esac"
    ].join("\n") + "\n")
    chmodSync(join(bin, "xwininfo"), 0o755)
    const saved = { PATH: process.env["PATH"], DISPLAY: process.env["DISPLAY"], LANG: process.env["LANG"], LC_ALL: process.env["LC_ALL"] }
    Object.assign(process.env, { PATH: `${bin}:${saved.PATH ?? ""}`, DISPLAY: ":99", LANG: "C" })
    delete process.env["LC_ALL"]
    try {
      assert.deepStrictEqual(await windowOrigin("List Box — Controls", 5000), { x: 1, y: 619 })
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key]
        else process.env[key] = value
      }
    }
  })
})
