/**
 * The clipboard on a real X server: our detached owner serves text, images and files to GTK (read back by a
 * Python GTK client), our reader reads what a GTK app copied, INCR both ways for large content, and every owner
 * process exits once it loses the selection.
 */
import { startDesktop, systemPython, type RunningDesktop } from "@agent-desktop/desktop"
import { Effect } from "effect"
import { execFileSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { setTimeout as sleep } from "node:timers/promises"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadAddon } from "./Addon.js"
import { selectionItems } from "./ClipboardContent.js"
import { startOwner } from "./ClipboardOwnerProcess.js"
import { encodePng } from "./Png.js"
import { closeX11 } from "./openX11.js"
import { x11DisplayServer as X11NativeDesktop } from "./X11DisplayServer.js"
import { X11Session } from "./X11Session.js"

let desktop: RunningDesktop | undefined
let x: X11Session
const saved = { ...process.env }

const gtkRead = (what: "text" | "image" | "uris"): string => {
  const script = `
import gi, json, sys
gi.require_version("Gtk", "3.0")
from gi.repository import Gtk, Gdk
cb = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)
what = sys.argv[1]
if what == "text":
    t = cb.wait_for_text()
    print(json.dumps({"length": len(t) if t is not None else -1, "head": (t or "")[:40]}))
elif what == "image":
    p = cb.wait_for_image()
    print(json.dumps({"width": p.get_width(), "height": p.get_height()} if p else None))
else:
    print(json.dumps(cb.wait_for_uris()))
`
  return execFileSync(systemPython, ["-c", script, what], { env: { ...process.env }, encoding: "utf8", timeout: 20_000 }).trim()
}
const alive = (pid: number) => existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z ")
const eventually = async <A>(read: () => A | Promise<A>, good: (a: A) => boolean): Promise<A> => {
  let last = await read()
  for (let i = 0; i < 60 && !good(last); i++) {
    await sleep(50)
    last = await read()
  }
  return last
}
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

describe("clipboard on a virtual desktop", () => {
  beforeAll(async () => {
    desktop = await startDesktop({ apps: ["fixture"], windowManager: "openbox" })
    Object.assign(process.env, desktop.env)
    const load = loadAddon()
    if (load._tag !== "Loaded") throw new Error(load.reason)
    x = new X11Session(load.addon)
  }, 90_000)
  afterAll(async () => {
    closeX11()
    await desktop?.stop()
    for (const key of Object.keys(desktop?.env ?? {})) {
      if (saved[key] === undefined) delete process.env[key]
      else process.env[key] = saved[key]
    }
  }, 30_000)

  it("text: GTK reads what our owner serves, and a second set ends the first owner", async () => {
    const first = await startOwner("CLIPBOARD", selectionItems({ type: "text", text: "héllo from agent-desktop ✓" }))
    expect(JSON.parse(gtkRead("text"))).toEqual({ length: 26, head: "héllo from agent-desktop ✓" })
    expect(x.clipboard.targets()).toEqual(expect.arrayContaining(["TARGETS", "UTF8_STRING", "STRING"]))
    const second = await startOwner("CLIPBOARD", selectionItems({ type: "text", text: "second" }))
    expect(await eventually(() => alive(first), (a) => !a)).toBe(false)
    expect(alive(second)).toBe(true)
    expect(JSON.parse(gtkRead("text")).head).toBe("second")
  })

  it("large text goes incrementally (INCR) both to GTK and to our own reader", async () => {
    const big = "0123456789abcdef".repeat(64 * 1024) // 1 MiB
    await startOwner("CLIPBOARD", selectionItems({ type: "text", text: big }))
    expect(JSON.parse(gtkRead("text")).length).toBe(big.length)
    const back = await run(X11NativeDesktop.clipboardRead("text"))
    expect(back).toEqual({ type: "text", text: big })
  })

  it("image and files: GTK sees a 7x5 image, then the file URIs", async () => {
    const rows = Buffer.alloc(5 * (1 + 7 * 3), 200)
    for (let y = 0; y < 5; y++) rows[y * 22] = 0
    await run(X11NativeDesktop.clipboardWrite({ type: "image", png: encodePng(7, 5, rows) }))
    expect(JSON.parse(gtkRead("image"))).toEqual({ width: 7, height: 5 })
    const image = await run(X11NativeDesktop.clipboardRead("auto"))
    expect(image?.type).toBe("image")
    await run(X11NativeDesktop.clipboardWrite({ type: "file_urls", paths: ["/tmp/a b.txt", "/etc/hostname"] }))
    expect(JSON.parse(gtkRead("uris"))).toEqual(["file:///tmp/a%20b.txt", "file:///etc/hostname"])
    expect(await run(X11NativeDesktop.clipboardRead("file_urls"))).toEqual({ type: "file_urls", paths: ["/tmp/a b.txt", "/etc/hostname"] })
  })

  it("reads what a GTK app copied; clear leaves no owner and no owner process", async () => {
    const { ownerPid } = await run(X11NativeDesktop.clipboardWrite({ type: "text", text: "to be replaced" }))
    // type into the fixture's entry and copy it with the app's own shortcut
    execFileSync("xdotool", ["search", "--sync", "--onlyvisible", "--name", "^Fixture$", "windowactivate", "--sync"], { env: process.env })
    await sleep(200)
    execFileSync("xdotool", ["key", "--clearmodifiers", "Tab"], { env: process.env })
    execFileSync("xdotool", ["type", "--delay", "10", "copied by gtk"], { env: process.env })
    execFileSync("xdotool", ["key", "ctrl+a", "ctrl+c"], { env: process.env })
    const copied = await eventually(() => run(X11NativeDesktop.clipboardRead("text")), (c) => c?.type === "text" && c.text.includes("copied by gtk"))
    expect(copied?.type === "text" && copied.text).toContain("copied by gtk")
    expect(await eventually(() => alive(ownerPid), (a) => !a)).toBe(false)

    const mine = await run(X11NativeDesktop.clipboardWrite({ type: "text", text: "mine" }))
    await run(X11NativeDesktop.clipboardClear())
    expect(x.addon.selectionOwner("CLIPBOARD")).toBe(0)
    expect(await eventually(() => alive(mine.ownerPid), (a) => !a)).toBe(false)
    expect(await run(X11NativeDesktop.clipboardRead("text"))).toBeUndefined()
  })
})
