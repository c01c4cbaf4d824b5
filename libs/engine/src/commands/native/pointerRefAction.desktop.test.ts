/**
 * double-click, triple-click and right-click on refs, end to end on Xvfb + openbox with the fixture: identity,
 * focus of the source window, actionability checks, XTEST. Read back through the fixture's own log and control
 * socket and pyatspi; refusals leave the app untouched.
 */
import { controlFixture, fixtureControlPath, peerPath, systemPython } from "@agent-desktop/desktop"
import { loadAddon } from "@agent-desktop/platform-linux-x11"
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { describe, expect, it } from "vitest"
import { linuxEngine } from "../../test/linuxEngine.js"
import { eventually, useDesktop } from "../../test/useDesktop.js"

const desktop = useDesktop({ apps: ["fixture"], windowManager: "openbox" })
const home = mkdtempSync(join(tmpdir(), "ad-pointer-ref-"))

const { run, ok } = linuxEngine(home)

interface Node { ref_id?: string; role: string; name?: string; children?: Array<Node> }
const refOf = async (role: string, name: RegExp): Promise<string> => {
  const data = await ok("snapshot", { app: "fixture", interactive_only: true, timeout_ms: 10_000 })
  const all = (n: Node): Array<Node> => [n, ...(n.children ?? []).flatMap(all)]
  const node = all(data.tree).find((n) => n.role === role && name.test(n.name ?? ""))
  if (!node?.ref_id) throw new Error(`no ${role} ${name} in the snapshot`)
  return node.ref_id
}
const tool = (command: string, args: ReadonlyArray<string>) => execFileSync(command, args, { env: process.env, encoding: "utf8" })
const clicks = () => (readFileSync(desktop().apps[0]!.logPath, "utf8").match(/^clicked \d+$/gm) ?? []).length
const control = (request: Parameters<typeof controlFixture>[1]) => controlFixture(fixtureControlPath(desktop().stateDir), request)
const peerDump = () => execFileSync(systemPython, [peerPath(), "dump", "fixture"], { encoding: "utf8" })

describe("pointer ref actions on a virtual desktop with openbox", () => {

  it("double-click: POLICY_DENIED without --headed (nothing clicked); headed the button counts two clicks", async () => {
    const ref = await refOf("button", /^clicks: \d+$/)
    const before = clicks()
    const denied = await run("double-click", { ref_id: ref })
    expect(denied.error.code).toBe("POLICY_DENIED")
    expect(denied.error.disposition.delivery).toBe("not_delivered")
    const data = await ok("double-click", { ref_id: ref }, true)
    expect(data).toMatchObject({ action: "double-click", disposition: { delivery: "delivered_unverified", retry: "unsafe" } })
    expect(data.steps).toEqual([{ label: "XTestFakeButtonEvent", outcome: "succeeded", mechanism: "physical_synthetic" }])
    expect(data.details.actionability.checks.map((c: { check: string; status: string }) => `${c.check}:${c.status}`)).toEqual([
      "visible:pass", "inside_window:pass", "on_screen:pass", "stable_bounds:pass", "topmost_window:pass", "hit_test:pass"
    ])
    expect(await eventually(clicks, (n) => n === before + 2)).toBe(before + 2)
  })

  it("triple-click selects the entry's whole line: typing replaces it", async () => {
    const ref = await refOf("textfield", /^Name$/)
    await ok("set-value", { ref_id: ref, value: "hello wide world" })
    await ok("triple-click", { ref_id: await refOf("textfield", /^Name$/) }, true)
    tool("xdotool", ["type", "--delay", "20", "X"])
    const state = await eventually(() => control({ op: "state", id: "entry" }), (s) => s.text === "X")
    expect(state.text).toBe("X")
  })

  it("right-click on the entry opens its context menu (pyatspi sees the menu; list-surfaces lists it)", async () => {
    expect(peerDump()).not.toContain("Select All")
    expect((await ok("wait", { menu_closed: true, app: "fixture", timeout: 2000 })).found).toBe(true)
    const menuOpened = ok("wait", { menu: true, app: "fixture", timeout: 20_000 })
    const before = await ok("list-surfaces", { app: "fixture" })
    expect(before.surfaces).toEqual([expect.objectContaining({ type: "window", title: "Fixture" })])
    await ok("right-click", { ref_id: await refOf("textfield", /^Name$/) }, true)
    expect(await eventually(peerDump, (out) => out.includes("Select All"))).toContain("Select All")
    expect((await menuOpened).found).toBe(true)
    // list-surfaces now shows the popup menu beside the window
    const after = await eventually(() => ok("list-surfaces", { app: "fixture" }), (d) => d.surfaces.some((x: { type: string }) => x.type === "menu"))
    expect(after.pid).toBe(desktop().apps[0]!.pid)
    const menu = after.surfaces.find((x: { type: string }) => x.type === "menu")
    expect(menu.item_count).toBeGreaterThanOrEqual(5)
    // snapshot --surface menu reads the open menu itself
    const menuSnap = await ok("snapshot", { app: "fixture", surface: "menu", interactive_only: true, timeout_ms: 10_000 })
    expect(menuSnap.window.id).toBe(menu.id)
    expect(JSON.stringify(menuSnap.tree)).toContain("Select All")
    const found = await ok("find", { app: "fixture", surface: "menu", name: "Select All", first: true })
    expect(found.match).toMatchObject({ name: "Select All" })
    expect((await run("snapshot", { app: "fixture", surface: "alert" })).error.code).toBe("WINDOW_NOT_FOUND")
    expect((await run("snapshot", { app: "fixture", surface: "taskbar" })).error.code).toBe("PLATFORM_NOT_SUPPORTED")
    const menuClosed = ok("wait", { menu_closed: true, app: "fixture", timeout: 20_000 })
    tool("xdotool", ["key", "Escape"])
    expect((await menuClosed).found).toBe(true)
    expect(await eventually(peerDump, (out) => !out.includes("Select All"))).not.toContain("Select All")
  })

  it("refuses a target whose centre is off the screen, with the failed check, and clicks nothing", async () => {
    const ref = await refOf("button", /^clicks: \d+$/)
    const before = clicks()
    await ok("move-window", { app: "fixture", x: 1200, y: 100 }) // openbox keeps ~48 px on screen
    const refused = await run("double-click", { ref_id: await refOf("button", /^clicks: \d+$/) }, true)
    expect(refused.ok).toBe(false)
    expect(refused.error.code).toBe("ACTION_FAILED")
    expect(refused.error.disposition).toEqual({ delivery: "not_delivered", retry: "safe" })
    expect(refused.error.details.checks).toContainEqual(expect.objectContaining({ check: "on_screen", status: "fail" }))
    await sleep(300)
    expect(clicks()).toBe(before)
    await ok("move-window", { app: "fixture", x: 100, y: 100 })
    expect(ref).toMatch(/^@/)
  })

  it("refuses a target covered by an always-on-top window (topmost check) and clicks nothing", async () => {
    const grid = await desktop().launch("grid:1")
    const xid = Number(tool("xdotool", ["search", "--sync", "--onlyvisible", "--pid", String(grid.pid), "--name", "^Grid 1$"]).trim().split("\n")[0])
    const ref = await refOf("button", /^clicks: \d+$/)
    const windows = await ok("list-windows", { app: "fixture" })
    const bounds = windows[0].bounds
    // keep the grid above everything (as a user's always-on-top window would be) and put it over the fixture
    const load = loadAddon()
    if (load._tag !== "Loaded") throw new Error(load.reason)
    load.addon.open(process.env["DISPLAY"])
    load.addon.clientMessage(xid, "_NET_WM_STATE", [1, "_NET_WM_STATE_ABOVE", 0, 2])
    tool("xdotool", ["windowsize", String(xid), String(bounds.width + 40), String(bounds.height + 40)])
    tool("xdotool", ["windowmove", String(xid), String(bounds.x - 20), String(bounds.y - 20)])
    await eventually(() => tool("xprop", ["-id", String(xid), "_NET_WM_STATE"]), (s) => s.includes("ABOVE"))
    await sleep(300)
    const before = clicks()
    const refused = await run("double-click", { ref_id: ref }, true)
    expect(refused.error?.code).toBe("ACTION_FAILED")
    expect(refused.error.details.checks).toContainEqual(expect.objectContaining({ check: "topmost_window", status: "fail" }))
    expect(refused.error.disposition.delivery).toBe("not_delivered")
    await sleep(300)
    expect(clicks()).toBe(before)
  })
})
