/**
 * launch and close-app end to end on Xvfb + openbox: the grid fixture started by path and by desktop id, attached
 * to when running, closed through the window manager and by signal; apps without an accessibility tree (xterm, the
 * grid with its bridge off) launched and closed; read back through /proc, xdotool and the accessibility registry
 * (list-apps).
 */
import { fixturePath, systemPython } from "@agent-desktop/desktop"
import { execFileSync } from "node:child_process"
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { linuxEngine } from "../../test/linuxEngine.js"
import { isAlive } from "./processes.js"
import { eventually, useDesktop } from "../../test/useDesktop.js"

const desktop = useDesktop({ apps: [], windowManager: "openbox" })
const home = mkdtempSync(join(tmpdir(), "ad-launch-"))
const data = mkdtempSync(join(tmpdir(), "ad-launch-xdg-"))
const started: Array<number> = []

const { run, ok } = linuxEngine(home)
const appNames = async () => (await ok("list-apps")).apps.map((a: { name: string }) => a.name)

describe("launch and close-app on a virtual desktop with openbox", () => {
  beforeAll(async () => {
    mkdirSync(join(data, "applications"))
    writeFileSync(join(data, "applications", "org.agentdesktop.Grid.desktop"),
      `[Desktop Entry]\nType=Application\nName=Grid\nExec=${systemPython} ${fixturePath("grid.py")} 3 %U\n`)
    process.env["XDG_DATA_HOME"] = data
  }, 90_000)
  afterAll(async () => {
    for (const pid of started) if (isAlive(pid)) process.kill(pid, "SIGKILL")
  }, 30_000)

  it("launches by path with --arg and waits for the window; a second launch attaches; --no-attach refuses", async () => {
    const launched = await ok("launch", { app: systemPython, arg: [fixturePath("grid.py"), "2"], timeout: 30_000 })
    started.push(launched.pid)
    expect(launched).toMatchObject({ app: "grid", window: { title: "Grid 2", app_name: "grid", pid: launched.pid } })
    expect(launched.process_instance).toMatch(new RegExp(`^linux-proc-v1:${launched.pid}:`))
    expect(tool("xdotool", ["search", "--onlyvisible", "--pid", String(launched.pid)]).trim()).not.toBe("")
    const again = await ok("launch", { app: "grid" })
    expect(again.pid).toBe(launched.pid)
    const refused = await run("launch", { app: "grid", no_attach: true })
    expect(refused.error.code).toBe("ACTION_FAILED")
    expect(refused.error.disposition.delivery).toBe("not_delivered")
  })

  it("close-app closes it through the window manager; the process is gone and off the registry", async () => {
    const pid = (await ok("launch", { app: "grid" })).pid
    const closed = await ok("close-app", { app: "grid" })
    expect(closed).toMatchObject({ action: "close-app", app: "grid", method: "graceful", target: { kind: "app", name: "grid", process: { pid } } })
    expect(closed.disposition.delivery).toBe("delivered_verified")
    expect(isAlive(pid)).toBe(false)
    expect(await eventually(appNames, (names) => !names.includes("grid"))).not.toContain("grid")
  })

  it("launches by desktop id with --activate, then close-app --force ends it by signal", async () => {
    const launched = await ok("launch", { app: "org.agentdesktop.Grid", activate: true })
    started.push(launched.pid)
    expect(launched.window).toMatchObject({ title: "Grid 3", is_focused: true })
    expect(Number(tool("xdotool", ["getactivewindow", "getwindowpid"]).trim())).toBe(launched.pid)
    const closed = await ok("close-app", { app: "grid", force: true })
    expect(closed).toMatchObject({ method: "force", steps: [{ label: "SIGTERM", outcome: "succeeded", verified: true }] })
    expect(isAlive(launched.pid)).toBe(false)
  })

  it("an app without an accessibility tree (xterm, X Athena widgets): launch answers once its window is mapped, naming the pixel route, and --activate makes it active; close-app closes it", async () => {
    const launched = await ok("launch", { app: "xterm", arg: ["-T", "No Tree Xterm"], timeout: 20_000, activate: true })
    started.push(launched.pid)
    expect(launched).toMatchObject({ app: "xterm" })
    // Its window, as the sources layer serves it: no tree, and what can still read it.
    expect(launched.window).toMatchObject({ pid: launched.pid, accessibility: { tree: "absent" } })
    expect(launched.suggestion).toMatch(/no accessibility tree/)
    expect(launched.suggestion).toMatch(/--headed mouse-click --xy/)
    // The X server has its window (before, launch waited out its timeout for a registration that never comes: TIMEOUT).
    expect(tool("xdotool", ["search", "--onlyvisible", "--pid", String(launched.pid)]).trim()).not.toBe("")
    // --activate made it the active window (the X server's _NET_ACTIVE_WINDOW), though it has no accessible window.
    expect(Number(tool("xdotool", ["getactivewindow", "getwindowpid"]).trim())).toBe(launched.pid)
    const closed = await ok("close-app", { app: "xterm" })
    expect(closed).toMatchObject({ app: "xterm", method: "graceful", target: { process: { pid: launched.pid } } })
    expect(isAlive(launched.pid)).toBe(false)
  })

  it("a GTK 3 app whose bridge is turned off (NO_AT_BRIDGE=1): launch names the variable to drop", async () => {
    const launched = await ok("launch", { app: systemPython, arg: [fixturePath("grid.py"), "4"], env: ["NO_AT_BRIDGE=1"], timeout: 20_000 })
    started.push(launched.pid)
    expect(launched.window).toMatchObject({ pid: launched.pid, accessibility: { tree: "absent" } })
    expect(launched.suggestion).toMatch(/NO_AT_BRIDGE=1/)
    expect(tool("xdotool", ["search", "--onlyvisible", "--pid", String(launched.pid)]).trim()).not.toBe("")
    expect(await appNames()).not.toContain("grid")
  })

  it("close-app on an app whose process outlives its window (a service) succeeds, saying the process runs on", async () => {
    const launched = await ok("launch", { app: systemPython, arg: [fixturePath("closer.py"), "service"], timeout: 30_000 })
    started.push(launched.pid)
    expect(launched.window).toMatchObject({ title: "Closer service" })
    const closed = await ok("close-app", { app: "closer" })
    expect(closed).toMatchObject({ method: "graceful", details: { process_running: true } })
    expect(closed.disposition.delivery).toBe("delivered_verified")
    expect(isAlive(launched.pid)).toBe(true)
    expect(tool("sh", ["-c", `xdotool search --onlyvisible --pid ${launched.pid} || true`]).trim()).toBe("")
    process.kill(launched.pid, "SIGKILL")
  })

  it("close-app on an app that opens a dialog instead of closing: ACTION_FAILED naming the windows left", async () => {
    const launched = await ok("launch", { app: systemPython, arg: [fixturePath("closer.py"), "prompt"], timeout: 30_000 })
    started.push(launched.pid)
    const refused = await run("close-app", { app: "closer" })
    expect(refused.error.code).toBe("ACTION_FAILED")
    expect(refused.error.message).toMatch(/may be asking to save/)
    expect(refused.error.details.windows).toEqual(expect.arrayContaining(["Closer prompt", "Save changes?"]))
    expect(isAlive(launched.pid)).toBe(true)
    process.kill(launched.pid, "SIGKILL")
  })

  it("refuses a missing binary, a bad --env and an unknown app before anything starts", async () => {
    expect((await run("launch", { app: "/no/such/binary" })).error.code).toBe("INVALID_ARGS")
    expect((await run("launch", { app: "no-such-command-xyz" })).error.code).toBe("INVALID_ARGS")
    expect((await run("launch", { app: systemPython, env: ["NOEQUALS"] })).error.code).toBe("INVALID_ARGS")
    expect((await run("close-app", { app: "no-such-app" })).error.code).toBe("APP_NOT_FOUND")
  })
})

const tool = (command: string, args: ReadonlyArray<string>) => execFileSync(command, args, { env: process.env, encoding: "utf8" })
