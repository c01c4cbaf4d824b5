/**
 * The command surface on headless kwin_wayland 5.27 (the KDE backend), every call answered by one warm host through
 * the installed command: status and permissions before and after the package's installer (`agent-desktop-setup-kde`)
 * authorized agent-desktop's KWin helper (never Node: a Node program that is not agent-desktop gets no fake input
 * from what was installed), keys with
 * --headed, pointer click/drag/wheel by point and by ref, --include-bounds on GTK 3 (the fixture), Qt 5 (group
 * boxes) and GTK 4 (the geometry fixture), list-windows and focus/move/resize-window, and the screenshot refusal. Every effect is read back through
 * another channel: the GTK fixture's log and control socket, libatspi (atspi_probe.py), and KWin's own window list
 * through a KWin script whose output KWin writes to its log (kwin_windows.py, never our D-Bus client).
 */
import { controlFixture, fixtureControlPath, geometryFixture, startKwin, systemPython, type RunningWaylandDesktop } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import { type ChildProcess, execFileSync, spawnSync } from "node:child_process"
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { afterAll, beforeAll } from "vitest"
import { hostEnv, tempHome } from "../../test/binary.js"
import { atspiWith, type Bounds, centre, cliWith, type Node, nodes, sleep, stopHostAndDesktop, waitFor } from "./waylandSuite.js"
import { startServe } from "../../test/warmHost.js"

interface KwinView { caption: string; pid: number; frame: [number, number, number, number]; buffer: [number, number, number, number]; active: boolean }

let desktop: RunningWaylandDesktop
let env: NodeJS.ProcessEnv
let host: ChildProcess
const home = tempHome("kwin")
const waylandPackage = dirname(createRequire(import.meta.url).resolve("@agent-desktop/platform-linux-wayland/package.json"))
/** The helper executable the installer authorizes (KWin compares its real path with Exec=). */
const kwinHelper = realpathSync(join(waylandPackage, "build", "Release", "agent-desktop-kwin"))
const setupKde = join(waylandPackage, "bin", "agent-desktop-setup-kde.mjs")
/**
 * The independent capture's Python: a copy only this session's .desktop file names. KWin grants what the FIRST
 * .desktop file whose Exec= is the caller's executable says, and Debian's python3.11.desktop names the system Python
 * too (granting nothing), so authorizing the system Python itself was refused or not by KDE's service-cache order.
 */
const peerDir = mkdtempSync(join(tmpdir(), "ad-kwin-peer-"))
const peerPython = join(peerDir, "python3")
copyFileSync(realpathSync(systemPython), peerPython)
chmodSync(peerPython, 0o755)

beforeAll(async () => {
  desktop = await startKwin({
    apps: ["fixture", "qt:groupbox", geometryFixture(4)],
    timeoutMs: 90_000,
    // agent-desktop's own authorization comes from its installer, in the first test.
    authorizations: [
      // The independent capture: KWin's ScreenShot2 called by Gio from the peer's Python.
      { name: "agent-desktop tests", exec: peerPython, dbusInterfaces: ["org.kde.KWin.ScreenShot2"] }
    ]
  })
  env = { ...hostEnv(home), ...desktop.env }
  host = (await startServe(env)).process
}, 120_000)

afterAll(async () => {
  await stopHostAndDesktop(host, desktop)
  rmSync(peerDir, { recursive: true, force: true })
}, 60_000)

const { cli, ok } = cliWith(() => env)

/** libatspi's view, never our client. */
const atspi = atspiWith(() => env)

/** KWin's own window list: a KWin script printing to KWin's log, loaded by Gio (the wayland package's test helper). */
const kwinViews = (): Array<KwinView> => {
  const helper = join(dirname(createRequire(import.meta.url).resolve("@agent-desktop/platform-linux-wayland/package.json")), "test", "kwin_windows.py")
  const out = execFileSync(systemPython, [helper, join(desktop.stateDir, "list.js"), join(desktop.stateDir, "logs", "compositor-kwin.log")], { env, encoding: "utf8", timeout: 20_000 })
  return JSON.parse(out) as Array<KwinView>
}
const appOf = (name: string) => desktop.apps.find((a) => a.name === name)!
const viewOf = (app: string) => kwinViews().find((v) => v.pid === appOf(app).pid)!
const frameOf = (app: string): Bounds => {
  const [x, y, width, height] = viewOf(app).frame
  return { x, y, width, height }
}
const logOf = (app: string) => readFileSync(appOf(app).logPath, "utf8").split("\n").filter(Boolean)
const snapshotOf = (app: string) => nodes(ok("snapshot", "--app", app, "-i", "--include-bounds", "--timeout-ms", "10000")["tree"])
const find = (all: Array<Node>, role: string, name: string): Node => {
  const found = all.find((n) => n.role === role && n.name === name)
  assert.isDefined(found, `no ${role} '${name}' in ${JSON.stringify(all.map((n) => [n.role, n.name]))}`)
  return found!
}
const checked = (app: string, name: string) => (atspi("read", app, "check box", name)["states"] as Array<string>).includes("checked")

/** Raises and places the app's window through the CLI, as KWin reads it back. */
const placeAt = async (app: string, x: number, y: number) => {
  ok("focus-window", "--app", app)
  ok("move-window", "--app", app, "--x", String(x), "--y", String(y))
  assert.isTrue(await waitFor(() => { const v = viewOf(app); return v.frame[0] === x && v.frame[1] === y && v.active }), JSON.stringify(viewOf(app)))
  await sleep(200)
}

describe("agent-desktop on headless kwin_wayland (KDE backend, one warm host)", () => {
  it("before the installer: input and capture refused with the installer's exact step; after it, granted to the helper without restarting the host", () => {
    const before = ok("status")["probes"]["display_server"]
    assert.strictEqual(before["backend"], "kde")
    for (const channel of ["pointer", "keyboard", "capture"]) {
      assert.deepInclude(before["channels"][channel], { state: "unavailable", kind: "authorization_missing" }, channel)
      assert.include(before["channels"][channel]["suggestion"], setupKde, channel)
      assert.include(before["channels"][channel]["suggestion"], "no agent-desktop.desktop is installed", channel)
    }
    const denied = ok("permissions")
    assert.strictEqual(denied["automation"]["state"], "denied")
    assert.include(denied["automation"]["suggestion"], setupKde)
    const refused = cli("--headed", "press", "x")
    assert.isFalse(refused["ok"])
    assert.strictEqual(refused["error"]["code"], "PLATFORM_NOT_SUPPORTED")

    const setup = (...args: Array<string>) => {
      const run = spawnSync(process.execPath, [setupKde, ...args], { env, encoding: "utf8", timeout: 90_000 })
      return { status: run.status, answer: JSON.parse(run.stdout) as Record<string, any> }
    }
    assert.deepInclude(setup("--check"), { status: 1 })
    const file = join(desktop.stateDir, "data", "applications", "agent-desktop.desktop")
    const first = setup()
    assert.strictEqual(first.status, 0, JSON.stringify(first.answer))
    assert.deepInclude(first.answer["installed"], { file, exec: kwinHelper, changed: true })
    assert.deepInclude(first.answer["installed"]["service_cache"], { state: "rebuilt" })
    assert.deepStrictEqual(first.answer["authorization"], { state: "installed", file, exec: kwinHelper })
    const text = readFileSync(file, "utf8")
    assert.include(text, `\nExec=${kwinHelper}\n`)
    assert.include(text, "\nX-KDE-Wayland-Interfaces=org_kde_kwin_fake_input\n")
    assert.include(text, "\nX-KDE-DBUS-Restricted-Interfaces=org.kde.KWin.ScreenShot2\n")
    // Idempotent: the same file, nothing rewritten.
    const again = setup()
    assert.strictEqual(again.status, 0)
    assert.isFalse(again.answer["installed"]["changed"])
    assert.deepInclude(setup("--check"), { status: 0 })

    // The warm host's helper had no grant: the next call starts one that KWin grants.
    const server = ok("status")["probes"]["display_server"]
    for (const channel of ["pointer", "keyboard"]) {
      assert.deepInclude(server["channels"][channel], { state: "available", grant: "granted" }, channel)
      assert.match(server["channels"][channel]["via"], /org_kde_kwin_fake_input v4/)
      assert.include(server["channels"][channel]["via"], kwinHelper)
      assert.include(server["channels"][channel]["via"], file)
    }
    assert.deepInclude(server["channels"]["windows"], { state: "available", grant: "not_required" })
    assert.deepInclude(server["channels"]["capture"], { state: "available", grant: "granted" })
    assert.match(server["channels"]["capture"]["via"], /org\.kde\.KWin\.ScreenShot2\.CaptureArea/)
    assert.deepInclude(ok("permissions"), { automation: { state: "granted" }, screen_recording: { state: "granted" } })
  }, 120_000)

  it("the clipboard through data-control (KWin offers it to any client): wl-paste reads what was set, clipboard-get what wl-copy set, clear leaves none", async () => {
    const channel = ok("status")["probes"]["display_server"]["channels"]["clipboard"]
    assert.deepInclude(channel, { state: "available", grant: "not_required" })
    const text = "Grüße ✓ from KDE"
    const set = ok("clipboard-set", text)
    assert.strictEqual(set["disposition"]["delivery"], "delivered_verified")
    assert.strictEqual(set["steps"][0]["label"], "zwlr_data_control_device_v1.set_selection")
    const wlPaste = (...args: Array<string>) => spawnSync("wl-paste", ["--no-newline", ...args], { env, timeout: 10_000 })
    assert.strictEqual(wlPaste().stdout.toString("utf8"), text)
    // wl-copy forks a server of its own that keeps the pipes it inherited: give it none to hold.
    assert.strictEqual(spawnSync("wl-copy", ["copied by wl-copy"], { env, timeout: 10_000, stdio: "ignore" }).status, 0)
    assert.isTrue(await waitFor(() => JSON.stringify(cli("clipboard-get")["data"]) === JSON.stringify({ type: "text", text: "copied by wl-copy" })))
    assert.strictEqual(ok("clipboard-clear")["disposition"]["delivery"], "delivered_verified")
    assert.notStrictEqual(wlPaste("--list-types").status, 0)
  }, 60_000)

  it("what the installer wrote grants agent-desktop's helper alone: a Node program that is not agent-desktop sees no fake input, and ScreenShot2 refuses it", () => {
    // Another program of the user on Node, in the same session, after the installer ran: the addon's own connection
    // lists the compositor's globals, and its own D-Bus call asks KWin for a screenshot.
    const program = [
      `const { loadFrom } = await import(${JSON.stringify(join(waylandPackage, "dist", "Addon.js"))})`,
      `const load = loadFrom(${JSON.stringify(waylandPackage)})`,
      "if (load._tag !== 'Loaded') throw new Error(load.reason)",
      "const info = load.addon.connect(process.env.WAYLAND_DISPLAY)",
      "const bus = process.env.DBUS_SESSION_BUS_ADDRESS.match(/unix:path=([^,;]+)/)",
      "let shot = 'not tried'",
      "try { load.addon.kwinScreenshotArea(bus[1], false, 0, 0, 10, 10); shot = 'captured' } catch (e) { shot = e.message }",
      "console.log(JSON.stringify({ fakeInput: info.protocols.kde_fake_input, globals: info.globals.map((g) => g.interface), shot }))"
    ].join("\n")
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", program], { env, encoding: "utf8", timeout: 30_000 })
    assert.strictEqual(run.status, 0, run.stderr)
    const seen = JSON.parse(run.stdout) as { fakeInput: number | null; globals: Array<string>; shot: string }
    assert.isNull(seen.fakeInput)
    assert.notInclude(seen.globals, "org_kde_kwin_fake_input")
    assert.include(seen.globals, "wl_seat", "the program did reach KWin")
    assert.match(seen.shot, /NoAuthorized/)
    assert.isTrue(existsSync(join(desktop.stateDir, "data", "applications", "agent-desktop.desktop")))
  }, 60_000)

  it("press --headed: keys and modifiers reach the GTK 3 fixture's focused entry (its own state)", async () => {
    await placeAt("fixture", 40, 40)
    const entry = find(snapshotOf("fixture"), "textfield", "Name")
    ok("focus", entry.ref_id!)
    assert.isTrue(await waitFor(() => (atspi("read", "fixture", "text", "Name")["states"] as Array<string>).includes("focused")))
    for (const key of ["x", "ctrl+a", "BackSpace", "shift+h", "i"]) {
      const pressed = ok("--headed", "press", key)
      assert.match(pressed["steps"].at(-1)["label"], /^org_kde_kwin_fake_input/)
    }
    const text = async () => (await controlFixture(fixtureControlPath(desktop.stateDir), { op: "state", id: "entry" })).text ?? ""
    assert.isTrue(await waitFor(async () => (await text()) === "Hi"), `the entry holds '${await text()}'`)
  }, 60_000)

  for (const { kit, app, check, at } of [
    { kit: "GTK 3", app: "fixture", check: "Enable feature", at: [40, 40] },
    { kit: "Qt 5", app: "groupbox", check: "Checkbox 1", at: [560, 80] },
    // GTK 4.8 draws its own decorations and shadows on KWin: its extents count from the frame inside its buffer.
    { kit: "GTK 4", app: "geometry4", check: "Target", at: [300, 500] }
  ] as const) {
    it(`${kit}: --include-bounds is where the pointer lands (libatspi reads the check box: 8 px outside does nothing, the centre toggles)`, async () => {
      await placeAt(app, at[0], at[1])
      const box = find(snapshotOf(app), "checkbox", check).bounds!
      const frame = frameOf(app)
      assert.isTrue(box.x >= frame.x && box.y >= frame.y && box.x + box.width <= frame.x + frame.width, `${JSON.stringify(box)} in KWin's ${JSON.stringify(frame)}`)
      const before = checked(app, check)
      ok("--headed", "mouse-click", "--xy", `${box.x + box.width + 8},${Math.round(box.y + box.height / 2)}`)
      await sleep(300)
      assert.strictEqual(checked(app, check), before, "8 px right of the check box is the window's background")
      const { x, y } = centre(box)
      const clicked = ok("--headed", "mouse-click", "--xy", `${x},${y}`)
      assert.strictEqual(clicked["steps"][0]["label"], "org_kde_kwin_fake_input.button")
      assert.isTrue(await waitFor(() => checked(app, check) !== before), "the click on the bounds' centre toggled it")
    }, 60_000)
  }

  it("GTK 3: double-click by ref (topmost-window check through KWin), drag and wheel by point, read back in the fixture's log", async () => {
    await placeAt("fixture", 40, 40)
    const all = snapshotOf("fixture")
    const button = all.find((n) => n.role === "button" && (n.name ?? "").startsWith("clicks:"))!
    const clicks = () => logOf("fixture").filter((line) => line.startsWith("clicked ")).length
    const before = clicks()
    const clicked = ok("--headed", "double-click", button.ref_id!)
    assert.deepInclude(clicked["details"]["actionability"]["checks"], { check: "topmost_window", status: "pass" })
    assert.isTrue(await waitFor(() => clicks() === before + 2), `${clicks()} clicks after ${before}`)
    const level = () => Number(logOf("fixture").filter((line) => line.startsWith("value scale ")).at(-1)?.slice(12) ?? "0")
    const scale = find(all, "slider", "Level").bounds!
    const mid = Math.round(scale.y + scale.height / 2)
    ok("--headed", "drag", "--from-xy", `${scale.x + 4},${mid}`, "--to-xy", `${scale.x + Math.round(scale.width * 0.75)},${mid}`, "--drop-delay", "50")
    assert.isTrue(await waitFor(() => level() >= 5), `the drag moved the scale to ${level()}`)
    const dragged = level()
    ok("--headed", "mouse-wheel", "--x", String(centre(scale).x), "--y", String(mid), "--dy", "-3")
    assert.isTrue(await waitFor(() => level() !== dragged), "the wheel moved the scale")
  }, 60_000)

  it("list-windows, focus/move/resize-window: KWin's own frames (its script), and the apps' own size (libatspi)", async () => {
    const listed = ok("list-windows") as Array<Record<string, any>>
    for (const view of kwinViews()) {
      const window = listed.find((w) => w["pid"] === view.pid)
      assert.isDefined(window, `list-windows lacks pid ${view.pid}`)
      const [x, y, width, height] = view.frame
      assert.deepStrictEqual(window!["bounds"], { x, y, width, height }, view.caption)
    }
    for (const [app, role] of [["fixture", "check box"], ["groupbox", "check box"]] as const) {
      await placeAt(app, 100, 90)
      const width = () => (atspi("extents", app, role, "")["window"]["window"] as Array<number>)[2]!
      const before = width()
      const resized = ok("resize-window", "--app", app, "--width", "700", "--height", "600")
      assert.strictEqual(resized["disposition"]["delivery"], "delivered_verified")
      assert.deepStrictEqual(frameOf(app), { x: 100, y: 90, width: 700, height: 600 })
      assert.isTrue(await waitFor(() => width() !== before), `${app} kept its width ${before}`)
      assert.isTrue(ok("focus-window", "--app", app)["focused"]["is_focused"])
      assert.isTrue(viewOf(app).active)
    }
  }, 90_000)

  it("screenshot: the whole screen and a window, what KWin's ScreenShot2 gives another client (Gio) for the same region", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ad-kwin-shot-"))
    const helper = join(dirname(createRequire(import.meta.url).resolve("@agent-desktop/platform-linux-wayland/package.json")), "test", "kwin_screenshot.py")
    /** KWin's own capture through Gio, as a PNG (ImageMagick reads its raw BGRA rows). */
    const theirs = async (region: Bounds, name: string): Promise<string> => {
      const raw = join(dir, `${name}.bgra`)
      const result = spawnSync(peerPython, [helper, String(region.x), String(region.y), String(region.width), String(region.height), raw], { env, encoding: "utf8", timeout: 20_000 })
      assert.strictEqual(result.status, 0, result.stderr)
      const meta = JSON.parse(result.stdout)
      assert.strictEqual(meta.stride, meta.width * 4)
      const png = join(dir, `${name}.png`)
      execFileSync("convert", ["-size", `${meta.width}x${meta.height}`, "-depth", "8", `bgra:${raw}`, "-alpha", "off", png])
      return png
    }
    const differing = (a: string, b: string) => Number(spawnSync("compare", ["-metric", "AE", a, b, "null:"], { encoding: "utf8" }).stderr.trim().split(" ")[0])
    await placeAt("groupbox", 300, 200)
    await sleep(600)
    const ours = join(dir, "ours.png")
    assert.deepStrictEqual(ok("screenshot", ours), { path: ours, format: "png", width: 1280, height: 1024, scale_factor: 1 })
    // The fixture's entry may blink its caret between the two captures: a handful of pixels may differ, not the picture.
    assert.isBelow(differing(ours, await theirs({ x: 0, y: 0, width: 1280, height: 1024 }, "screen")), 200)
    const frame = frameOf("groupbox")
    const window = join(dir, "window.png")
    assert.deepInclude(ok("screenshot", "--app", "groupbox", window), { width: frame.width, height: frame.height })
    assert.isBelow(differing(window, await theirs(frame, "window")), 200)
  }, 60_000)
})
