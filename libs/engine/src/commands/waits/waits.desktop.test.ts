/**
 * wait --event end to end: the event happens while the wait runs (an app starts, takes focus, closes), read back
 * against what started it.
 */
import { fixturePath, systemPython } from "@agent-desktop/desktop"
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { describe, expect, it } from "vitest"
import { linuxEngine } from "../../test/linuxEngine.js"
import { useDesktop } from "../../test/useDesktop.js"

const desktop = useDesktop({ apps: ["fixture"], windowManager: "openbox" })
const home = mkdtempSync(join(tmpdir(), "ad-wait-event-"))

const { ok } = linuxEngine(home)

describe("wait --event on a virtual desktop with openbox", () => {

  it("app-launched and window-opened while an app starts; focus-changed; app-terminated when it closes", async () => {
    const launched = ok("wait", { event: "app-launched", timeout: 30_000 })
    const opened = ok("wait", { event: "window-opened", app: "grid", timeout: 30_000 })
    await sleep(500)
    const grid = await desktop().launch("grid:1")
    expect((await launched).event).toEqual({ kind: "app-launched", app: "grid", pid: grid.pid })
    expect((await opened).event).toMatchObject({ kind: "window-opened", title: "Grid 1", app: "grid", pid: grid.pid })

    const focus = ok("wait", { event: "focus-changed", app: "fixture", timeout: 20_000 })
    await sleep(500)
    const fixture = execFileSync("xdotool", ["search", "--onlyvisible", "--pid", String(desktop().apps[0]!.pid), "--name", "^Fixture$"], { env: process.env, encoding: "utf8" }).trim().split("\n")[0]!
    execFileSync("xdotool", ["windowactivate", "--sync", fixture], { env: process.env })
    expect((await focus).event).toMatchObject({ kind: "focus-changed", title: "Fixture", app: "fixture" })

    const gone = ok("wait", { event: "app-terminated", app: "grid", timeout: 20_000 })
    await sleep(500)
    process.kill(grid.pid, "SIGTERM")
    expect((await gone).event).toEqual({ kind: "app-terminated", app: "grid", pid: grid.pid })
  })

  it("a window that opens and closes within milliseconds is seen through AT-SPI events, which no state poll could", async () => {
    // The host window only; "Flash" opens 2.5 s after start and is destroyed 5 ms after it was shown.
    const flash = await desktop().launch({ name: "flash", argv: [systemPython, fixturePath("flash.py"), "2500", "5"] })
    await sleep(300)
    const opened = ok("wait", { event: "window-opened", app: "flash", timeout: 20_000 })
    const closed = ok("wait", { event: "window-closed", app: "flash", timeout: 20_000 })
    const openedEvent = (await opened).event
    const closedEvent = (await closed).event
    expect(openedEvent).toMatchObject({ kind: "window-opened", title: "Flash", app: "flash", pid: flash.pid })
    expect(closedEvent).toEqual({ ...openedEvent, kind: "window-closed" })
    // The app's own clock: the window lived less than one 100 ms poll. And a state comparison reports a window
    // closed only if its baseline had it, and the baseline was read before this window existed.
    const log = readFileSync(flash.logPath, "utf8")
    const shown = Number(/^shown ([0-9.]+)$/m.exec(log)?.[1])
    const gone = Number(/^gone ([0-9.]+)$/m.exec(log)?.[1])
    expect(gone - shown).toBeLessThan(100)
    process.kill(flash.pid, "SIGTERM")
  })
})
