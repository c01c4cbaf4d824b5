/**
 * Honest detection of windows without a usable accessibility tree, on two kinds the Tk suite does not cover: a GTK 2
 * app started without its accessibility module (lxtask with GTK_MODULES unset and NO_AT_BRIDGE=1: it never
 * registers) and Chromium started by `launch --cdp` without renderer accessibility (it registers, its page is
 * hollow). `list-apps`, `list-windows`, `snapshot` and `status` each say so, with the sources that can still serve
 * the window and the fix. The windows themselves are checked outside the tool: the X server maps them with the
 * app's pid (xprop, xwininfo), and libatspi (the peer probe) finds no app for lxtask and no page under Chromium.
 */
import { fixturePath, probePath, spawnWindowed, systemPython, type WindowedApp } from "@agent-desktop/desktop"
import { execFileSync, spawnSync } from "node:child_process"
import { existsSync, mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { isAlive } from "../commands/native/processes.js"
import { linuxEngine } from "../test/linuxEngine.js"
import { useDesktop } from "../test/useDesktop.js"

const LXTASK = "/usr/bin/lxtask"
const CHROMIUM = "/usr/bin/chromium"
const haveBoth = existsSync(LXTASK) && existsSync(CHROMIUM) && existsSync("/usr/bin/xprop")
if (!haveBoth) process.stderr.write("no-usable-tree suite: skipped, lxtask, chromium or xprop (x11-utils) is not installed\n")

const desktop = useDesktop({ apps: [], windowManager: "openbox" })
const home = mkdtempSync(join(tmpdir(), "ad-no-tree-"))
const profile = mkdtempSync(join(tmpdir(), "ad-no-tree-profile-"))
const { run, ok } = linuxEngine(home)
const started: Array<number> = []

const env = () => ({ ...process.env, ...desktop().env })
/** The X server's view of a window: its `_NET_WM_PID` and whether it is mapped and viewable. */
const xWindow = (id: string) => ({
  pid: Number(/_NET_WM_PID\(CARDINAL\) = (\d+)/.exec(execFileSync("xprop", ["-id", id, "_NET_WM_PID"], { env: env(), encoding: "utf8" }))?.[1]),
  viewable: /Map State: IsViewable/.test(execFileSync("xwininfo", ["-id", id], { env: env(), encoding: "utf8" }))
})
const xWindowsOf = (pid: number): Array<string> => {
  const found = spawnSync("xdotool", ["search", "--onlyvisible", "--pid", String(pid)], { env: env(), encoding: "utf8" })
  return found.stdout.trim().split("\n").filter((line) => line !== "")
}
const atspiProbe = (args: ReadonlyArray<string>) => spawnSync(systemPython, [probePath(), ...args], { env: env(), encoding: "utf8", timeout: 30_000 })
const until = async <A>(read: () => A | Promise<A>, good: (a: A) => boolean, tries = 100): Promise<A> => {
  let last = await read()
  for (let i = 0; i < tries && !good(last); i++) {
    await new Promise((wake) => setTimeout(wake, 100))
    last = await read()
  }
  return last
}

describe.skipIf(!haveBoth)("windows without a usable tree are reported as such, with what can still serve them", () => {
  let lxtask: WindowedApp
  let chromium: number
  beforeAll(async () => {
    const { GTK_MODULES: _unset, ...rest } = env() as NodeJS.ProcessEnv
    lxtask = await spawnWindowed(desktop().stateDir, rest, "lxtask-bare", [LXTASK], "Task Manager", 30_000, { NO_AT_BRIDGE: "1" })
    started.push(lxtask.pid)
    const launched = await ok("launch", {
      app: "chromium",
      cdp: 0,
      arg: ["--no-sandbox", `--user-data-dir=${profile}`, "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-gpu", `file://${fixturePath("form.html")}`],
      timeout: 60_000
    })
    chromium = launched.pid
    started.push(chromium)
  }, 120_000)
  afterAll(() => {
    for (const pid of started) if (isAlive(pid)) process.kill(pid, "SIGKILL")
  })

  it("the X server maps both windows with their pids; libatspi sees no lxtask and no page inside Chromium", async () => {
    const [lxWindow] = xWindowsOf(lxtask.pid)
    expect(xWindow(lxWindow!)).toEqual({ pid: lxtask.pid, viewable: true })
    const chromeWindows = await until(() => xWindowsOf(chromium), (ids) => ids.length > 0)
    expect(chromeWindows.map(xWindow)).toContainEqual({ pid: chromium, viewable: true })
    const lxProbe = atspiProbe(["alive", "lxtask"])
    expect(lxProbe.stderr).not.toMatch(/Traceback/)
    expect(lxProbe.status).toBe(1)
    // Chromium is on the bus, its page's labels are not reachable through it (its renderer is off).
    const browser = atspiProbe(["alive", "Chromium"])
    expect(browser.status, browser.stderr).toBe(0)
    const page = atspiProbe(["read", "Chromium", "push button", "Submit"])
    expect(page.stderr).not.toMatch(/Traceback/)
    expect(page.status, page.stdout).not.toBe(0)
  }, 60_000)

  it("list-apps and list-windows mark both: lxtask's tree absent (OCR serves it), Chromium's inactive (cdp and OCR)", async () => {
    const windows = await ok("list-windows") as Array<Record<string, any>>
    const lx = windows.filter((window) => window["pid"] === lxtask.pid)
    expect(lx, JSON.stringify(windows)).toHaveLength(1)
    expect(lx[0]).toMatchObject({ title: "Task Manager", id: expect.stringMatching(/^x11-0x/), accessibility: { tree: "absent", sources: ["ocr"], fix: expect.stringContaining("GTK_MODULES=gail:atk-bridge") } })
    const chrome = windows.filter((window) => window["pid"] === chromium)
    expect(chrome.length, JSON.stringify(windows)).toBeGreaterThan(0)
    for (const window of chrome) {
      expect(window).toMatchObject({ accessibility: { tree: "inactive", sources: ["cdp", "ocr"], fix: expect.stringContaining("--force-renderer-accessibility") } })
    }
    const apps = (await ok("list-apps")).apps as Array<Record<string, any>>
    expect(apps.find((app) => app["pid"] === lxtask.pid)).toMatchObject({ name: "lxtask", accessibility: { tree: "absent", sources: ["ocr"] } })
    expect(apps.find((app) => app["pid"] === chromium)).toMatchObject({ accessibility: { tree: "inactive", sources: ["cdp", "ocr"] } })
  }, 60_000)

  it("snapshot reads lxtask through OCR and Chromium's page through cdp, each saying why and how to fix it", async () => {
    // Chromium, started last, covers lxtask's window: a capture there would read Chromium's pixels as lxtask's text.
    const [lxWindow] = xWindowsOf(lxtask.pid)
    const covered = await run("snapshot", { app: "lxtask" })
    expect(covered.error).toMatchObject({ code: "ACTION_NOT_SUPPORTED", details: { kind: "ocr_window_covered" } })
    expect(covered.error.suggestion).toMatch(/focus-window --window-id x11-0x/)
    await ok("focus-window", { window_id: `x11-0x${Number(lxWindow).toString(16)}` })
    const lx = await ok("snapshot", { app: "lxtask" })
    expect(lx.accessibility).toMatchObject({ tree: "absent", sources: ["ocr"], fix: expect.stringContaining("GTK_MODULES") })
    expect(lx.tree).toMatchObject({ role: "window", source: "ocr" })
    // The window's own text, read from the screen: its menu bar and its list's column titles.
    const texts = (lx.tree.children ?? []).map((node: { name?: string }) => node.name ?? "").join("\n")
    expect(texts).toMatch(/File/)
    expect(texts).toMatch(/Command|PID|CPU/)
    const chrome = await ok("snapshot", { app: "Chromium", interactive_only: true })
    expect(chrome.accessibility).toMatchObject({ tree: "inactive", sources: ["cdp", "ocr"], fix: expect.stringContaining("--force-renderer-accessibility") })
    expect(chrome.tree.source).toBe("cdp")
  }, 120_000)

  it("status names each app once, with its sources and the fix", async () => {
    const status = await ok("status")
    const about = (pid: number) => (status.problems as Array<string>).filter((problem) => problem.includes(`PID ${pid}`) || new RegExp(`\\b${pid}\\b`).test(problem))
    const lxLines = about(lxtask.pid)
    expect(lxLines, JSON.stringify(status.problems)).toHaveLength(1)
    expect(lxLines[0]).toMatch(/'Task Manager'.*no accessibility tree.*OCR serves it/)
    const chromeLines = about(chromium)
    expect(chromeLines, JSON.stringify(status.problems)).toHaveLength(1)
    expect(chromeLines[0]).toMatch(/--force-renderer-accessibility/)
    expect(chromeLines[0]).toMatch(/cdp|DevTools/)
    const windows = status.probes.sources.windows_without_tree as Array<Record<string, any>>
    expect(windows).toContainEqual(expect.objectContaining({ pid: lxtask.pid, sources: ["ocr"] }))
    expect(windows).toContainEqual(expect.objectContaining({ pid: chromium, sources: ["cdp", "ocr"] }))
  }, 60_000)
})
