/**
 * A server without MIT-SHM (a remote display, or Xvfb -extension MIT-SHM): captures come over the socket in bands
 * and decode to the same pixels as ImageMagick's `import -window root`. The screen shows a vertical gradient (an
 * ImageMagick `display` window at 0,0, no window manager), so every row differs and a band at the wrong offset would
 * show.
 */
import { startDesktop, type RunningDesktop } from "@agent-desktop/desktop"
import { execFileSync, spawn, type ChildProcess } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadAddon, type X11Addon } from "./Addon.js"
import { decodePng, pixelAt } from "@agent-desktop/platform"

let desktop: RunningDesktop | undefined
let savedAuthority: string | undefined
let viewer: ChildProcess | undefined
const folder = mkdtempSync(join(tmpdir(), "ad-noshm-"))
let display = ""
let addon: X11Addon

describe("capture without shared memory", () => {
  beforeAll(async () => {
    const load = loadAddon()
    if (load._tag !== "Loaded") throw new Error(load.reason)
    addon = load.addon
    desktop = await startDesktop({ apps: [], geometry: "1280x200x24", xvfbArgs: ["-extension", "MIT-SHM"], enable: false })
    display = desktop.env.DISPLAY
    // The addon opens the display in this process: Xlib reads the cookie file from XAUTHORITY.
    savedAuthority = process.env["XAUTHORITY"]
    process.env["XAUTHORITY"] = desktop.env.XAUTHORITY
  }, 30_000)
  afterAll(async () => {
    addon?.close()
    if (viewer !== undefined && viewer.exitCode === null) {
      const exited = new Promise((resolve) => viewer!.once("exit", resolve))
      viewer.kill("SIGTERM")
      await exited
    }
    rmSync(folder, { recursive: true, force: true })
    await desktop?.stop()
    if (savedAuthority === undefined) delete process.env["XAUTHORITY"]
    else process.env["XAUTHORITY"] = savedAuthority
  })

  it("reads the screen in bands over the socket, the last band partial: the same pixels as import", () => {
    const gradient = join(folder, "gradient.png")
    execFileSync("convert", ["-size", "1280x200", "gradient:red-blue", gradient])
    viewer = spawn("display", ["-geometry", "+0+0", gradient], { env: { ...process.env, ...desktop!.env }, stdio: "ignore" })
    const info = addon.open(display)
    expect(info.shm).toBe(false)
    // until the viewer has drawn: the top-left pixel turns red
    for (let i = 0; i < 100 && addon.captureRoot(0, 0, 1, 1).rows[1] !== 255; i++) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50)
    const shot = addon.capturePng(0, 0, 1280, 200, 1, 2) // bands of 64 rows: 64, 64, 64, 8
    expect(shot.shm).toBe(false)
    const ours = decodePng(shot.png)
    const theirs = decodePng(execFileSync("import", ["-window", "root", "-depth", "8", "png24:-"], { env: { ...process.env, ...desktop!.env } }))
    expect([ours.width, ours.height]).toEqual([1280, 200])
    expect([theirs.width, theirs.height]).toEqual([1280, 200])
    let differing = 0
    const seen = new Set<string>()
    for (let y = 0; y < ours.height; y++) {
      for (let x = 0; x < ours.width; x++) {
        const a = pixelAt(ours, x, y)
        const b = pixelAt(theirs, x, y)
        seen.add(a.join(","))
        if (a[0] !== b[0] || a[1] !== b[1] || a[2] !== b[2]) differing++
      }
    }
    expect(differing).toBe(0)
    expect(seen.size).toBeGreaterThan(100) // the gradient, not a flat colour
    const raw = addon.captureRoot(100, 150, 30, 50)
    expect(raw.shm).toBe(false)
    expect(raw.rows.length).toBe(50 * (1 + 30 * 3))
  })
})
