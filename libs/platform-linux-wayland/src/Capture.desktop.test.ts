import { assert, describe, it } from "@effect/vitest"
import { afterAll, beforeAll } from "vitest"
import { execFileSync } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { geometryFixture, startSway, type RunningWaylandDesktop } from "@agent-desktop/desktop"
import { floatAt, sleep } from "../test/swaySession.js"
import { requireAddon } from "../test/requireAddon.js"
import { SwayIpc } from "./SwayIpc.js"
import { WaylandSession } from "./WaylandSession.js"

/** RGB bytes of a PNG, decoded by ImageMagick (not by us). */
const decode = (png: string): Buffer => execFileSync("convert", [png, "-depth", "8", "rgb:-"], { maxBuffer: 64 * 1024 * 1024 })

const differing = (a: Buffer, b: Buffer): number => {
  if (a.length !== b.length) return Number.POSITIVE_INFINITY
  let count = 0
  for (let i = 0; i < a.length; i += 3) if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2]) count++
  return count
}

describe("screencopy under headless sway, against grim's pixels", () => {
  let desktop: RunningWaylandDesktop
  let ipc: SwayIpc
  let session: WaylandSession
  const dir = mkdtempSync(join(tmpdir(), "capture-test-"))

  beforeAll(async () => {
    desktop = await startSway({ apps: [geometryFixture(3), "qt:groupbox"], timeoutMs: 60_000 })
    ipc = new SwayIpc(desktop.env.SWAYSOCK!)
    session = new WaylandSession(requireAddon(), desktop.env.WAYLAND_DISPLAY)
    // A still screen: no text field has focus, so no caret blinks between the two captures.
    await floatAt(ipc, "groupbox", 500, 300)
    await floatAt(ipc, "geometry3", 120, 90)
    await sleep(300)
  }, 90_000)

  afterAll(async () => {
    session?.close()
    ipc?.close()
    await desktop?.stop()
  })

  const grim = (file: string, ...args: ReadonlyArray<string>) => {
    execFileSync("grim", [...args, file], { env: { ...process.env, WAYLAND_DISPLAY: desktop.env.WAYLAND_DISPLAY } })
    return decode(file)
  }

  it("the whole output: our PNG decodes to grim's pixels, and the raw capture is the same", () => {
    const display = session.displays()[0]!
    const shot = session.capture()
    assert.deepStrictEqual(shot.region, display.bounds)
    assert.strictEqual(shot.width, 1280)
    assert.strictEqual(shot.height, 1024)
    writeFileSync(join(dir, "ours.png"), shot.png)
    const ours = decode(join(dir, "ours.png"))
    const theirs = grim(join(dir, "grim.png"))
    assert.strictEqual(differing(ours, theirs), 0)
    const raw = session.captureOutput(display, display.bounds, false, "raw")
    assert.strictEqual(differing(raw.rgb!, theirs), 0)
    // Not a blank screen: the windows are in it.
    assert.isAbove(new Set(Array.from({ length: 2000 }, (_, i) => theirs.readUIntBE((i * 1999 * 3) % (theirs.length - 3), 3))).size, 5)
  })

  it("a region: the same pixels as grim -g", () => {
    const region = { x: 100, y: 80, width: 300, height: 200 }
    const shot = session.capture(region)
    assert.deepStrictEqual(shot.region, region)
    writeFileSync(join(dir, "region.png"), shot.png)
    assert.strictEqual(differing(decode(join(dir, "region.png")), grim(join(dir, "grim-region.png"), "-g", "100,80 300x200")), 0)
  })

  it("clips to the output and refuses a region off every output", () => {
    assert.deepStrictEqual(session.capture({ x: 1200, y: 1000, width: 200, height: 100 }).region, { x: 1200, y: 1000, width: 80, height: 24 })
    assert.throws(() => session.capture({ x: 2000, y: 0, width: 10, height: 10 }), RangeError)
  })
})
