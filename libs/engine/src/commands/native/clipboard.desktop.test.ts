/**
 * clipboard-get, clipboard-set and clipboard-clear end to end on a virtual desktop: a Python GTK client reads
 * what we set, bad input changes nothing, and no owner process outlives a clear.
 */
import { systemPython } from "@agent-desktop/desktop"
import { execFileSync } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { linuxEngine } from "../../test/linuxEngine.js"
import { eventually, useDesktop } from "../../test/useDesktop.js"

const desktop = useDesktop({ apps: [] })
const home = mkdtempSync(join(tmpdir(), "ad-clipboard-"))
const dir = mkdtempSync(join(tmpdir(), "ad-clipboard-files-"))

const { run, ok } = linuxEngine(home)
const gtkText = (): string | null => JSON.parse(execFileSync(systemPython, ["-c", `
import gi, json
gi.require_version("Gtk", "3.0")
from gi.repository import Gtk, Gdk
print(json.dumps(Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD).wait_for_text()))
`], { env: process.env, encoding: "utf8", timeout: 20_000 }))
/** Our owner processes on this desktop's display. */
const owners = () => readdirSync("/proc").filter((p) => /^\d+$/.test(p)).filter((pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("clipboardOwner.js") &&
      readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`DISPLAY=${desktop().env.DISPLAY}`)
  } catch {
    return false
  }
})

describe("clipboard commands on a virtual desktop", () => {

  it("text: set (verified), GTK reads it, get returns it", async () => {
    const set = await ok("clipboard-set", { text: "-leading dash and ünïcode" })
    expect(set).toMatchObject({ action: "clipboard-set", type: "text", target: { kind: "clipboard" }, disposition: { delivery: "delivered_verified" } })
    expect(gtkText()).toBe("-leading dash and ünïcode")
    expect(await ok("clipboard-get")).toEqual({ type: "text", text: "-leading dash and ünïcode" })
    expect(await eventually(owners, (o) => o.length === 1)).toHaveLength(1)
  })

  it("bad input is refused and the clipboard keeps its content", async () => {
    writeFileSync(join(dir, "not.png"), "hello")
    for (const args of [{ image: join(dir, "missing.png") }, { image: join(dir, "not.png") }, { file_url: [join(dir, "missing.txt")] }, {}]) {
      const envelope = await run("clipboard-set", args)
      expect(envelope.error?.code).toBe("INVALID_ARGS")
      expect(envelope.error.disposition.delivery).toBe("not_delivered")
    }
    expect((await run("clipboard-get", { format: "image", out: join(dir, "no", "such.png") })).error.code).toBe("INVALID_ARGS")
    expect(gtkText()).toBe("-leading dash and ünïcode")
  })

  it("image and files: a screenshot goes in as PNG and comes out as a file of the same size; file URLs round-trip", async () => {
    const shot = await ok("screenshot", { path: join(dir, "screen.png") })
    expect((await ok("clipboard-set", { image: shot.path })).type).toBe("image")
    const out = join(dir, "from-clipboard.png")
    expect(await ok("clipboard-get", { format: "image", out })).toEqual({ type: "image", path: out, width: 1280, height: 1024 })
    expect(readFileSync(out).equals(readFileSync(shot.path))).toBe(true)
    expect(statSync(out).mode & 0o777).toBe(0o600)
    expect(await ok("clipboard-get", { format: "file-urls" })).toEqual({ type: "file_urls", found: false })

    writeFileSync(join(dir, "a file.txt"), "x")
    await ok("clipboard-set", { file_url: [join(dir, "a file.txt")] })
    const urls = await ok("clipboard-get", { format: "auto" })
    expect(urls).toEqual({ type: "file_urls", file_urls: [`file://${dir.split("/").map(encodeURIComponent).join("/")}/a%20file.txt`] })
    expect(await eventually(owners, (o) => o.length === 1)).toHaveLength(1)
  })

  it("clear: no owner is left, get finds nothing, a second clear changes nothing", async () => {
    const cleared = await ok("clipboard-clear")
    expect(cleared).toMatchObject({ action: "clipboard-clear", disposition: { delivery: "delivered_verified" } })
    expect(await eventually(owners, (o) => o.length === 0)).toEqual([])
    expect(gtkText()).toBeNull()
    expect(await ok("clipboard-get")).toEqual({ type: "text", found: false })
    expect((await ok("clipboard-clear")).disposition.delivery).toBe("not_delivered")
  })
})
