/**
 * The addon against a real X server: a virtual desktop with openbox and the fixture app. Every effect is read back
 * through another channel: the fixture's own log and control socket, pyatspi (the peer), xdotool/xprop/xwininfo,
 * ImageMagick's capture of the same screen.
 */
import { controlFixture, fixtureControlPath, peerPath, startDesktop, systemPython, type RunningDesktop } from "@agent-desktop/desktop"
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { setTimeout as sleep } from "node:timers/promises"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadAddon } from "./Addon.js"
import { decodePng, pixelAt } from "@agent-desktop/platform"
import { X11Session } from "./X11Session.js"

let desktop: RunningDesktop | undefined
let x: X11Session

interface PeerNode {
  readonly role: number
  readonly name: string
  readonly bounds: [number, number, number, number]
  readonly children: ReadonlyArray<PeerNode>
}

let savedAuthority: string | undefined
const env = () => ({ ...process.env, ...desktop!.env })
const tool = (command: string, args: ReadonlyArray<string>) => execFileSync(command, args, { env: env(), encoding: "utf8" })
const peerTree = (): PeerNode => {
  const out = JSON.parse(execFileSync(systemPython, [peerPath(), "dump", "fixture"], { env: env(), encoding: "utf8" }))
  return out.windows[0] as PeerNode
}
const findNode = (node: PeerNode, match: (n: PeerNode) => boolean): PeerNode | undefined =>
  match(node) ? node : node.children.map((c) => findNode(c, match)).find(Boolean)
const centre = (node: PeerNode) => ({ x: node.bounds[0] + Math.floor(node.bounds[2] / 2), y: node.bounds[1] + Math.floor(node.bounds[3] / 2) })
const fixtureLog = () => readFileSync(desktop!.apps[0]!.logPath, "utf8")
const control = (request: Parameters<typeof controlFixture>[1]) => controlFixture(fixtureControlPath(desktop!.stateDir), request)
const eventually = async <A>(read: () => A | Promise<A>, ok: (a: A) => boolean, tries = 60): Promise<A> => {
  let last = await read()
  for (let i = 0; i < tries && !ok(last); i++) {
    await sleep(50)
    last = await read()
  }
  return last
}

describe("X11Session on a virtual desktop with openbox", () => {
  beforeAll(async () => {
    desktop = await startDesktop({ apps: ["fixture"], windowManager: "openbox" })
    const load = loadAddon()
    if (load._tag !== "Loaded") throw new Error(load.reason)
    // The addon opens the display in this process: Xlib reads the cookie file from XAUTHORITY.
    savedAuthority = process.env["XAUTHORITY"]
    process.env["XAUTHORITY"] = desktop.env.XAUTHORITY
    x = new X11Session(load.addon, desktop.env.DISPLAY)
  }, 90_000)
  afterAll(async () => {
    x?.addon.close()
    await desktop?.stop()
    if (savedAuthority === undefined) delete process.env["XAUTHORITY"]
    else process.env["XAUTHORITY"] = savedAuthority
  }, 30_000)

  it("reports the screen and its one monitor as xdpyinfo does", () => {
    const dims = /dimensions:\s+(\d+)x(\d+) pixels/.exec(tool("xdpyinfo", []))!
    expect(x.screen).toEqual({ x: 0, y: 0, width: Number(dims[1]), height: Number(dims[2]) })
    const displays = x.displays.list()
    expect(displays).toHaveLength(1)
    expect(displays[0]).toMatchObject({ id: 0, primary: true, bounds: x.screen })
    expect(x.displays.onScreen(-1, 10)).toBe(false)
    expect(x.displays.onScreen(x.screen.width, 10)).toBe(false)
    expect(x.displays.onScreen(10, 10)).toBe(true)
  })

  it("moves the pointer where xdotool then finds it", () => {
    x.pointer.moveTo(123, 456)
    expect(tool("xdotool", ["getmouselocation", "--shell"])).toMatch(/X=123\nY=456/)
  })

  it("clicks the fixture's button: the app counts the click in its own log", async () => {
    const button = findNode(peerTree(), (n) => /^clicks: \d+$/.test(n.name))!
    const before = Number(/\d+/.exec(button.name)![0])
    const point = centre(button)
    x.pointer.click(point.x, point.y, "left", 1, [])
    const log = await eventually(fixtureLog, (text) => text.includes(`clicked ${before + 1}`))
    expect(log).toContain(`clicked ${before + 1}`)
    // a double click is two clicks to a button
    x.pointer.click(point.x, point.y, "left", 2, [])
    expect(await eventually(fixtureLog, (text) => text.includes(`clicked ${before + 3}`))).toContain(`clicked ${before + 3}`)
    // no modifier stays held: the pointer's mask is clear afterwards
    x.pointer.click(point.x, point.y, "left", 1, ["ctrl", "shift"])
    expect(x.pointer.position().mask & 0xff).toBe(0)
  })

  it("types into the entry, a key off the keymap through a spare keycode", async () => {
    const entry = findNode(peerTree(), (n) => n.name === "Name")!
    const point = centre(entry)
    x.pointer.click(point.x, point.y, "left", 3, [])
    x.keys.pressKey("a", ["ctrl"]) // select all
    for (const key of ["H", "i", "!"]) x.keys.pressKey(key, [])
    const spare = x.keys.pressKey("€", []).spare
    expect(spare).toBeTypeOf("number")
    const state = await eventually(() => control({ op: "state", id: "entry" }), (s) => s.text === "Hi!€")
    expect(state.text).toBe("Hi!€")
    await sleep(100)
    x.keys.unbind(spare!)
    expect(x.addon.findKeysym(0x010020ac)).toBeNull()
  })

  it("captures the screen: the same pixels as ImageMagick's import of the root window", async () => {
    x.pointer.moveTo(5, 5)
    await sleep(600) // let GTK's hover transitions settle
    const shot = x.capture.png()
    const theirs = decodePng(execFileSync("import", ["-window", "root", "-depth", "8", "png24:-"], { env: env() }))
    expect([shot.width, shot.height]).toEqual([x.screen.width, x.screen.height])
    const ours = decodePng(shot.png)
    expect([theirs.width, theirs.height]).toEqual([ours.width, ours.height])
    let differing = 0
    for (let py = 0; py < ours.height; py++) {
      for (let px = 0; px < ours.width; px++) {
        const a = pixelAt(ours, px, py)
        const b = pixelAt(theirs, px, py)
        if (a[0] !== b[0] || a[1] !== b[1] || a[2] !== b[2]) differing++
      }
    }
    // the entry's blinking caret may differ between the two captures; nothing else may
    expect(differing).toBeLessThan(100)
    const button = findNode(peerTree(), (n) => /^clicks: \d+$/.test(n.name))!
    expect(pixelAt(ours, centre(button).x, centre(button).y)).toEqual(pixelAt(theirs, centre(button).x, centre(button).y))
    // a region is clipped to the screen
    const corner = x.capture.png({ x: x.screen.width - 10, y: x.screen.height - 5, width: 50, height: 50 })
    expect([corner.width, corner.height]).toEqual([10, 5])
    expect(() => x.capture.png({ x: -100, y: -100, width: 50, height: 50 })).toThrow(/off the screen/)
  })

  it("encodes PNGs in the addon with each filter, band by band, through the kept shared-memory segment and after its release", () => {
    const region = { x: 3, y: 7, w: 1201, h: 1011 } // odd sizes: 15 bands of 68 rows, the last one partial
    const raw = x.addon.captureRoot(region.x, region.y, region.w, region.h)
    const rawPixel = (px: number, py: number) => {
      const at = py * (1 + region.w * 3) + 1 + px * 3
      return [raw.rows[at], raw.rows[at + 1], raw.rows[at + 2]]
    }
    const check = (png: Buffer) => {
      const decoded = decodePng(png)
      expect([decoded.width, decoded.height]).toEqual([region.w, region.h])
      for (let py = 0; py < region.h; py += 7) {
        for (let px = 0; px < region.w; px += 5) expect(pixelAt(decoded, px, py).slice(0, 3)).toEqual(rawPixel(px, py))
      }
    }
    x.addon.capturePng(0, 0, x.screen.width, x.screen.height, 1, 2) // a full-screen segment, kept
    for (const filter of [0, 2, 4] as const) {
      const shot = x.addon.capturePng(region.x, region.y, region.w, region.h, 6, filter)
      expect(shot.shm).toBe(x.info.shm)
      check(shot.png)
    }
    x.addon.captureRelease()
    check(x.addon.capturePng(region.x, region.y, region.w, region.h, 1, 2).png)
    expect(() => x.addon.capturePng(0, 0, 10, 10, 10, 2)).toThrow(/level/)
    expect(() => x.addon.capturePng(0, 0, 10, 10, 1, 3 as 2)).toThrow(/filter/)
  })

  it("finds the fixture's window and moves, resizes, minimizes, maximizes, restores and focuses it (read back by xwininfo/xprop)", async () => {
    const pid = desktop!.apps[0]!.pid
    const view = x.windows.find(pid, "Fixture")!
    expect(view).toBeDefined()
    expect(x.windows.manager()).toMatch(/openbox/i)
    // an accessible window without a name still finds the process's only window
    expect(x.windows.find(pid, "")?.xid).toBe(view.xid)
    expect(x.windows.find(pid + 100_000, "Fixture")).toBeUndefined()
    const hex = `0x${view.xid.toString(16)}`
    const geometry = () => {
      const out = tool("xwininfo", ["-id", hex])
      const num = (label: string) => Number(new RegExp(`${label}:\\s+(-?\\d+)`).exec(out)![1])
      return { x: num("Absolute upper-left X"), y: num("Absolute upper-left Y"), width: num("Width"), height: num("Height") }
    }
    // frame semantics: x, y, width, height include openbox's decorations, which xprop reports
    const extents = /= (\d+), (\d+), (\d+), (\d+)/.exec(tool("xprop", ["-id", hex, "_NET_FRAME_EXTENTS"]))!.slice(1).map(Number)
    const [left, right, top, bottom] = extents as [number, number, number, number]
    expect(top).toBeGreaterThan(0)
    x.windows.moveResizeFrame(view.xid, { x: 200, y: 150 })
    expect(await eventually(geometry, (g) => g.x === 200 + left && g.y === 150 + top)).toMatchObject({ x: 200 + left, y: 150 + top })
    x.windows.moveResizeFrame(view.xid, { width: 500, height: 400 })
    expect(await eventually(geometry, (g) => g.width === 500 - left - right)).toMatchObject({ width: 500 - left - right, height: 400 - top - bottom })
    expect(x.windows.read(view.xid).bounds).toEqual({ x: 200, y: 150, width: 500, height: 400 })
    expect(() => x.windows.moveResizeFrame(view.xid, { width: 1, height: 1 })).toThrow(/smaller than its decorations/)

    const wmState = () => tool("xprop", ["-id", hex, "_NET_WM_STATE"])
    x.windows.minimize(view.xid)
    expect(await eventually(wmState, (s) => s.includes("_NET_WM_STATE_HIDDEN"))).toContain("_NET_WM_STATE_HIDDEN")
    expect(x.windows.read(view.xid).minimized).toBe(true)
    x.windows.activate(view.xid)
    expect(await eventually(wmState, (s) => !s.includes("_NET_WM_STATE_HIDDEN"))).not.toContain("_NET_WM_STATE_HIDDEN")

    x.windows.setMaximized(view.xid, true)
    expect(await eventually(wmState, (s) => s.includes("MAXIMIZED_HORZ"))).toContain("_NET_WM_STATE_MAXIMIZED_VERT")
    expect(x.windows.read(view.xid).maximized).toBe(true)
    x.windows.setMaximized(view.xid, false)
    expect(await eventually(wmState, (s) => !s.includes("MAXIMIZED"))).not.toContain("MAXIMIZED")

    x.windows.activate(view.xid)
    const active = await eventually(() => tool("xdotool", ["getactivewindow"]).trim(), (id) => Number(id) === view.xid)
    expect(Number(active)).toBe(view.xid)
    expect(x.windows.read(view.xid).focused).toBe(true)
  })
})
