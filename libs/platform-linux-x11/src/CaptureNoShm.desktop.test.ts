/**
 * A server without MIT-SHM (a remote display, or Xvfb -extension MIT-SHM): captures come over the socket in bands
 * and decode to the same pixels as ImageMagick's `import -window root`. The screen shows a vertical gradient (an
 * ImageMagick `display` window at 0,0, no window manager), so every row differs and a band at the wrong offset would
 * show.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadAddon, type X11Addon } from "./Addon.js"
import { decodePng, pixelAt } from "./PngDecode.js"

let xvfb: ChildProcess | undefined
let viewer: ChildProcess | undefined
const folder = mkdtempSync(join(tmpdir(), "ad-noshm-"))
let display = ""
let addon: X11Addon

describe("capture without shared memory", () => {
  beforeAll(async () => {
    const load = loadAddon()
    if (load._tag !== "Loaded") throw new Error(load.reason)
    addon = load.addon
    xvfb = spawn("Xvfb", ["-displayfd", "3", "-extension", "MIT-SHM", "-screen", "0", "1280x200x24", "-nolisten", "tcp"], {
      stdio: ["ignore", "ignore", "ignore", "pipe"]
    })
    display = await new Promise<string>((resolve, reject) => {
      let text = ""
      const fd3 = xvfb!.stdio[3] as NodeJS.ReadableStream
      fd3.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8")
        if (text.includes("\n")) resolve(`:${text.trim()}`)
      })
      xvfb!.once("exit", (code) => reject(new Error(`Xvfb exited ${String(code)}`)))
    })
  }, 30_000)
  afterAll(async () => {
    addon?.close()
    if (viewer !== undefined && viewer.exitCode === null) {
      const exited = new Promise((resolve) => viewer!.once("exit", resolve))
      viewer.kill("SIGTERM")
      await exited
    }
    rmSync(folder, { recursive: true, force: true })
    if (xvfb !== undefined && xvfb.exitCode === null) {
      const exited = new Promise((resolve) => xvfb!.once("exit", resolve))
      xvfb.kill("SIGTERM")
      await exited
    }
  })

  it("reads the screen in bands over the socket, the last band partial: the same pixels as import", () => {
    const gradient = join(folder, "gradient.png")
    execFileSync("convert", ["-size", "1280x200", "gradient:red-blue", gradient])
    viewer = spawn("display", ["-geometry", "+0+0", gradient], { env: { ...process.env, DISPLAY: display }, stdio: "ignore" })
    const info = addon.open(display)
    expect(info.shm).toBe(false)
    // until the viewer has drawn: the top-left pixel turns red
    for (let i = 0; i < 100 && addon.captureRoot(0, 0, 1, 1).rows[1] !== 255; i++) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50)
    const shot = addon.capturePng(0, 0, 1280, 200, 1, 2) // bands of 64 rows: 64, 64, 64, 8
    expect(shot.shm).toBe(false)
    const ours = decodePng(shot.png)
    const theirs = decodePng(execFileSync("import", ["-window", "root", "-depth", "8", "png24:-"], { env: { ...process.env, DISPLAY: display } }))
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
