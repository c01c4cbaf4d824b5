/**
 * Windows on headless gnome-shell through agent-desktop's GNOME Shell extension, one warm host serving every call
 * through the installed command. Before the shell starts, the session's user runs the shipped installer
 * (`gnome-extension/install.sh`) into the session's own data directory, as a user does before logging in. Then:
 * list-windows, focus-window, move/resize/maximize/restore-window, `--include-bounds` and pointer clicks by ref on
 * GTK 3 (its surface includes client-side shadows) and GTK 4 (counting from its frame), `--include-bounds` where the
 * pointer lands on Qt 5 (its own title bar inside its surface), and a window's screenshot.
 * Every effect is read back through another channel: the fixtures' own logs, libatspi (the app's own window size and
 * ACTIVE state), GNOME Shell's own extension registry (`gnome-extensions info`) and its own screenshot.
 */
import { DbusClient, geometryFixture, probePath, REPO, startGnomeShell, systemPython, variantValue, type RunningWaylandDesktop } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import { type ChildProcess, spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { afterAll, beforeAll } from "vitest"
import { hostEnv, tempHome } from "../../test/binary.js"
import { startServe } from "../../test/warmHost.js"
import { atspiWith, type Bounds, centre, cliWith, type Node, nodes, sleep, stopHostAndDesktop, waitFor } from "./waylandSuite.js"

const INSTALLER = join(REPO, "libs", "platform-linux-wayland", "gnome-extension", "install.sh")

let desktop: RunningWaylandDesktop
let env: NodeJS.ProcessEnv
let host: ChildProcess
let installed = ""
const home = tempHome("gnome-windows")

beforeAll(async () => {
  desktop = await startGnomeShell({
    apps: [geometryFixture(3)],
    timeoutMs: 90_000,
    beforeShell: (sessionEnv) => {
      const run = spawnSync("sh", [INSTALLER], { env: { ...process.env, ...sessionEnv }, encoding: "utf8", timeout: 30_000 })
      installed = run.stdout + run.stderr
      if (run.status !== 0) throw new Error(`the extension's installer failed: ${installed}`)
    }
  })
  await desktop.launch(geometryFixture(4), 60_000)
  await desktop.launch("qt:groupbox", 60_000)
  env = { ...hostEnv(home), ...desktop.env }
  host = (await startServe(env)).process
  // A headless seat has no keyboard until mutter's remote-desktop session makes one (on the first input), and GTK
  // reports its window ACTIVE only with a keyboard on the seat: the host's session is started first, as a desktop
  // in use has its keyboard.
  ok("--headed", "mouse-move", "--xy", "1270,1010")
}, 150_000)

afterAll(() => stopHostAndDesktop(host, desktop), 60_000)

const { cli, ok } = cliWith(() => env)
const atspi = atspiWith(() => env)

const logOf = (app: string) => readFileSync(`${desktop.stateDir}/logs/app-${app}.log`, "utf8").split("\n").filter(Boolean)
const toggles = (app: string) => logOf(app).filter((line) => line.startsWith("toggled ")).length
/** The app's own idea of its window's size (libatspi: GTK 3 counts its surface, GTK 4 its frame). */
const ownSize = (app: string, title: string) => {
  const [, , width, height] = atspi("extents", app, "frame", title)["window"]["window"] as [number, number, number, number]
  return { width, height }
}
const isActive = (app: string) => (atspi("windows", app)["windows"] as Array<{ states: Array<string> }>).some((w) => w.states.includes("active"))
const windowOf = (app: string) => (ok("list-windows") as Array<Record<string, any>>).find((w) => w["app_name"] === app)!
const target = (app: string): Node => nodes(ok("snapshot", "--app", app, "-i", "--include-bounds")["tree"]).find((n) => n.role === "checkbox" && n.name === "Target")!

/** The extension's state in GNOME Shell's own registry (org.gnome.Shell.Extensions, what gnome-extensions reads). */
const extensionStateInShell = async (): Promise<unknown> => {
  const bus = DbusClient.connect(desktop.env.DBUS_SESSION_BUS_ADDRESS)
  try {
    const [info] = await bus.call({ destination: "org.gnome.Shell", path: "/org/gnome/Shell", interface: "org.gnome.Shell.Extensions", member: "GetExtensionInfo", signature: "s", body: ["windows@agent-desktop"] }, 15_000)
    return variantValue((info as Array<[string, unknown]>).find(([key]) => key === "state")?.[1])
  } finally {
    bus.close()
  }
}

/** A pointer double click by ref toggles the check box twice (the app's log); 8 px right of it, a click does nothing. */
const clickByRef = async (app: string) => {
  ok("focus-window", "--app", app)
  const box = target(app)
  assert.isDefined(box.bounds, `--include-bounds gave ${app}'s check box no bounds`)
  const before = toggles(app)
  const clicked = ok("--headed", "double-click", box.ref_id!)
  assert.strictEqual(clicked["steps"][0]["mechanism"], "physical_synthetic", JSON.stringify(clicked))
  assert.isTrue(await waitFor(() => toggles(app) === before + 2), `${toggles(app) - before} toggles in ${app} after a double click at ${JSON.stringify(box.bounds)}`)
  const b = box.bounds as Bounds
  ok("--headed", "mouse-click", "--xy", `${b.x + b.width + 8},${centre(b).y}`)
  await sleep(300)
  assert.strictEqual(toggles(app), before + 2, `8 px right of ${app}'s check box is its window's background`)
}

describe("GNOME windows through agent-desktop's GNOME Shell extension (headless gnome-shell, one warm host)", () => {
  it("the installer enabled the extension before the shell started; the shell runs it and status reports the windows channel", async () => {
    assert.match(installed, /installed windows@agent-desktop \(GNOME Shell \d+, legacy-wrapper\.js\)/)
    assert.strictEqual(await extensionStateInShell(), 1, "GNOME Shell's own registry: ENABLED (1)")
    const server = ok("status")["probes"]["display_server"]
    assert.strictEqual(server["backend"], "gnome")
    assert.strictEqual(server["channels"]["windows"]["state"], "available", JSON.stringify(server["channels"]["windows"]))
    assert.match(server["channels"]["windows"]["via"], /windows@agent-desktop/)
  })

  it("list-windows: both fixtures with frames whose size is the app's own (GTK 4's frame; GTK 3's surface minus its shadows), the focused one ACTIVE on AT-SPI", () => {
    const gtk3 = windowOf("geometry3")
    const gtk4 = windowOf("geometry4")
    assert.strictEqual(gtk4["title"], "Geometry GTK4")
    assert.deepInclude(gtk4["bounds"], ownSize("geometry4", "Geometry GTK4"))
    const surface = ownSize("geometry3", "Geometry GTK3")
    assert.isBelow(gtk3["bounds"]["width"], surface.width, "GTK 3 draws shadows around its frame on mutter")
    assert.isBelow(gtk3["bounds"]["height"], surface.height)
    for (const [window, app] of [[gtk3, "geometry3"], [gtk4, "geometry4"]] as const) {
      assert.strictEqual(window["is_focused"], isActive(app), `${app}: list-windows and libatspi disagree on focus`)
    }
  }, 60_000)

  it("focus-window moves the keyboard focus (libatspi's ACTIVE state) and keys follow it (the app's log)", async () => {
    for (const app of ["geometry3", "geometry4", "geometry3"]) {
      ok("focus-window", "--app", app)
      assert.isTrue(await waitFor(() => isActive(app)), `${app} is ACTIVE after focus-window`)
      assert.isTrue(windowOf(app)["is_focused"])
    }
    ok("focus", nodes(ok("snapshot", "--app", "geometry3", "-i")["tree"]).find((n) => n.role === "textfield")!.ref_id!)
    for (const key of ["h", "i"]) ok("--headed", "press", "--app", "geometry3", key)
    assert.isTrue(await waitFor(() => logOf("geometry3").at(-1) === "changed hi"), logOf("geometry3").slice(-3).join(" | "))
  }, 60_000)

  it("--include-bounds and a pointer click by ref land on the widget in GTK 3 (surface origin, shadows included) and GTK 4 (frame origin)", async () => {
    await clickByRef("geometry3")
    await clickByRef("geometry4")
  }, 90_000)

  it("Qt 5 (its own title bar and border inside its surface on mutter): --include-bounds is where the pointer lands (libatspi reads the check box)", async () => {
    ok("focus-window", "--app", "groupbox")
    const box = nodes(ok("snapshot", "--app", "groupbox", "-i", "--include-bounds")["tree"]).find((n) => n.role === "checkbox" && n.name === "Checkbox 1")!
    assert.isDefined(box.bounds, "--include-bounds gave Qt's check box no bounds")
    const b = box.bounds as Bounds
    const checked = () => (atspi("read", "groupbox", "check box", "Checkbox 1")["states"] as Array<string>).includes("checked")
    const before = checked()
    ok("--headed", "mouse-click", "--xy", `${b.x + b.width + 8},${centre(b).y}`)
    await sleep(300)
    assert.strictEqual(checked(), before, "8 px right of Qt's check box is its window's background")
    ok("--headed", "mouse-click", "--xy", `${centre(b).x},${centre(b).y}`)
    assert.isTrue(await waitFor(() => checked() !== before), `the click at the centre of ${JSON.stringify(b)} toggled Qt's check box`)
  }, 60_000)

  it("move-window and resize-window: the app's own size follows, and a click by ref still lands after the move", async () => {
    const moved = ok("move-window", "--app", "geometry4", "--x", "520", "--y", "260")
    assert.strictEqual(moved["disposition"]["delivery"], "delivered_verified", JSON.stringify(moved))
    assert.deepInclude(windowOf("geometry4")["bounds"], { x: 520, y: 260 })
    const resized = ok("resize-window", "--app", "geometry4", "--width", "560", "--height", "430")
    assert.strictEqual(resized["disposition"]["delivery"], "delivered_verified", JSON.stringify(resized))
    assert.isTrue(await waitFor(() => { const s = ownSize("geometry4", "Geometry GTK4"); return s.width === 560 && s.height === 430 }), JSON.stringify(ownSize("geometry4", "Geometry GTK4")))
    await clickByRef("geometry4")
    ok("move-window", "--app", "geometry3", "--x", "40", "--y", "420")
    ok("resize-window", "--app", "geometry3", "--width", "470", "--height", "400")
    const surface = ownSize("geometry3", "Geometry GTK3")
    const frame = windowOf("geometry3")["bounds"]
    assert.deepInclude(frame, { x: 40, y: 420, width: 470, height: 400 })
    assert.isAbove(surface.width, 470, "GTK 3's own size is its surface: the frame plus shadows")
    await clickByRef("geometry3")
  }, 90_000)

  it("maximize and restore: the app's own size becomes the work area and comes back", async () => {
    const before = ownSize("geometry4", "Geometry GTK4")
    ok("maximize", "--app", "geometry4")
    assert.isTrue(await waitFor(() => ownSize("geometry4", "Geometry GTK4").width === 1280), JSON.stringify(ownSize("geometry4", "Geometry GTK4")))
    assert.isTrue(windowOf("geometry4")["bounds"]["width"] === 1280)
    ok("restore", "--app", "geometry4")
    assert.isTrue(await waitFor(() => ownSize("geometry4", "Geometry GTK4").width === before.width), JSON.stringify(ownSize("geometry4", "Geometry GTK4")))
  }, 60_000)

  it("screenshot --app: the window's frame, pixel for pixel that part of GNOME Shell's own screenshot", () => {
    const dir = mkdtempSync(join(tmpdir(), "ad-gnome-window-"))
    ok("focus-window", "--app", "geometry4")
    const frame = windowOf("geometry4")["bounds"] as Bounds
    const ours = join(dir, "window.png")
    const theirs = join(dir, "shell.png")
    let difference = Number.POSITIVE_INFINITY
    for (let attempt = 0; attempt < 3 && difference >= 200; attempt++) {
      assert.deepInclude(ok("screenshot", "--app", "geometry4", ours), { width: frame.width, height: frame.height })
      const shell = spawnSync(systemPython, [join(dirname(probePath()), "gnome_shell_screenshot.py"), theirs], { env, encoding: "utf8", timeout: 20_000 })
      assert.strictEqual(shell.status, 0, shell.stdout + shell.stderr)
      const crop = join(dir, "shell-crop.png")
      spawnSync("convert", [theirs, "-crop", `${frame.width}x${frame.height}+${frame.x}+${frame.y}`, "+repage", crop])
      difference = Number(spawnSync("compare", ["-metric", "AE", ours, crop, "null:"], { encoding: "utf8" }).stderr.trim().split(" ")[0])
    }
    assert.isBelow(difference, 200)
  }, 60_000)
})
