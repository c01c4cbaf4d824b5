import { assert, describe, it } from "@effect/vitest"
import { afterAll, beforeAll } from "vitest"
import { execFileSync } from "node:child_process"
import { copyFileSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { controlFixture, fixtureControlPath, startKwin, systemPython, type RunningWaylandDesktop } from "@agent-desktop/desktop"
import { atspi, sleep, waitFor } from "../test/swaySession.js"
import { requireAddon } from "../test/requireAddon.js"
import { addonErrorCode } from "./Addon.js"
import { globalExtents, windowOrigin } from "./Coordinates.js"
import { KwinFakeInput } from "./KwinFakeInput.js"
import { KwinHelper, kwinHelperPath } from "./KwinHelper.js"
import { OutsideLayout } from "./OutsideLayout.js"
import { WaylandSession } from "./WaylandSession.js"

describe("KDE: keys through KWin's fake input, held by agent-desktop's helper that a .desktop file authorizes (headless kwin_wayland 5.27)", () => {
  let desktop: RunningWaylandDesktop
  let session: WaylandSession
  let helper: KwinHelper

  beforeAll(async () => {
    requireAddon()
    // The authorization names the helper's real path, as KWin resolves /proc/PID/exe; never this test's Node.
    desktop = await startKwin({
      apps: ["fixture", "qt:groupbox"],
      timeoutMs: 90_000,
      authorizations: [{ name: "agent-desktop tests", exec: kwinHelperPath(), waylandInterfaces: ["org_kde_kwin_fake_input"] }]
    })
    session = new WaylandSession(requireAddon(), desktop.env.WAYLAND_DISPLAY)
    const started = await KwinHelper.start(kwinHelperPath(), { ...process.env, ...desktop.env })
    assert.strictEqual(started.fakeInput, 4)
    helper = started.helper
  }, 120_000)

  afterAll(async () => {
    helper?.close()
    session?.close()
    await desktop?.stop()
  })

  const entryText = async () => (await controlFixture(fixtureControlPath(desktop.stateDir), { op: "state", id: "entry" })).text ?? ""

  it("the helper sees org_kde_kwin_fake_input (version 4) and Node does not; the helper types the layout's text into GTK 3", async () => {
    assert.isNull(session.info.protocols.kde_fake_input, "this Node process is not authorized")
    const input = new KwinFakeInput(session.addon, helper)
    // A widget is `focused` only in the active window, and KWin activates whichever app mapped last (on a loaded
    // machine, either one): the fixture's window is made active first, through KWin's own scripting.
    assert.isTrue(kwinWindows("Fixture").some((w) => w.caption === "Fixture" && w.active))
    assert.isTrue(atspi.focus(desktop, "fixture", "text", "Name"))
    // GrabFocus answers before the focus has moved; keys sent earlier (a loaded machine) go to the widget that had it.
    assert.isTrue(await waitFor(() => (atspi.states(desktop, "fixture", "text", "Name").includes("focused") ? true : undefined), 30_000))
    await input.pressKey("a", ["ctrl"])
    await input.type("Hello, World 42!")
    assert.strictEqual(await waitFor(async () => ((await entryText()) === "Hello, World 42!" ? true : undefined)), true)
    const refused = (() => { try { input.type("héllo"); return undefined } catch (e) { return e } })()
    assert.instanceOf(refused, OutsideLayout)
    assert.deepStrictEqual((refused as OutsideLayout).characters, ["é"])
    await sleep(200)
    assert.strictEqual(await entryText(), "Hello, World 42!")
  }, 60_000)

  /** KWin's own window list (KWin scripting over D-Bus, the script's output read from KWin's log). */
  const kwinWindows = (activate?: string) =>
    JSON.parse(
      execFileSync(systemPython, [join(fileURLToPath(new URL(".", import.meta.url)), "../test/kwin_windows.py"), join(desktop.stateDir, "list.js"), join(desktop.stateDir, "logs", "compositor-kwin.log"), ...(activate ? [activate] : [])], {
        env: { ...process.env, ...desktop.env },
        encoding: "utf8"
      })
    ) as ReadonlyArray<{ caption: string; pid: number; frame: [number, number, number, number]; buffer: [number, number, number, number]; active: boolean }>

  for (const [app, caption, name] of [["fixture", "Fixture", "Enable feature"], ["groupbox", "Group Boxes", "Checkbox 1"]] as const) {
    it(`${app}: a click at KWin's window origin + AT-SPI's window-relative extents toggles the check box (libatspi)`, async () => {
      const input = new KwinFakeInput(session.addon, helper)
      // Windows overlap where KWin placed them: the target's window is raised first (the engine checks the topmost
      // window at the point before a click on X11; on KDE this is the same check, through KWin's list).
      const window = kwinWindows(caption).find((w) => w.caption === caption)!
      await sleep(200)
      const geometry = atspi.extents(desktop, app, "check box", name)
      const [bx, by, bw, bh] = window.buffer
      const [, , aw, ah] = geometry.window.window
      // Without a decoration plugin (Debian's kwin-wayland alone ships none) KWin draws no frame: buffer = frame.
      const origin = windowOrigin(app === "fixture" ? "gtk3" : "qt5", { content: { x: bx, y: by, width: bw, height: bh }, centresSmallerFrame: false }, { width: aw, height: ah })
      const [x, y, w, h] = geometry.node.window
      const target = globalExtents(origin, { x, y, width: w, height: h })
      const checked = () => atspi.states(desktop, app, "check box", name).includes("checked")
      const before = checked()
      await input.click(target.x + Math.floor(target.width / 2), target.y + Math.floor(target.height / 2), "left", 1)
      assert.strictEqual(await waitFor(() => (checked() !== before ? true : undefined)), true)
    }, 60_000)
  }

  it("a copy of the helper at another path is not granted: the grant is the installed path's alone", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ad-kwin-helper-copy-"))
    try {
      const copy = join(dir, "agent-desktop-kwin")
      copyFileSync(kwinHelperPath(), copy)
      const { helper: other, fakeInput } = await KwinHelper.start(copy, { ...process.env, ...desktop.env })
      try {
        assert.strictEqual(fakeInput, 0)
        const refusal = await other.send(["k30,1", "k30,0"]).then(() => undefined, (e: unknown) => e)
        assert.deepInclude(refusal as object, { code: "WL_PROTOCOL_UNAVAILABLE", done: 0 })
      } finally {
        other.close()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)

  it("an executable without the authorization never sees the global", async () => {
    const unauthorized = await startKwin({ timeoutMs: 90_000 })
    const addon = requireAddon()
    try {
      const info = addon.connect(unauthorized.env.WAYLAND_DISPLAY)
      assert.isNull(info.protocols.kde_fake_input)
      const refusal = (() => { try { addon.fakeKey(30, true); return undefined } catch (e) { return e } })()
      assert.strictEqual(addonErrorCode(refusal), "WL_PROTOCOL_UNAVAILABLE")
      assert.match((refusal as Error).message, /\.desktop file authorizes/)
    } finally {
      addon.disconnect()
      await unauthorized.stop()
      session = new WaylandSession(addon, desktop.env.WAYLAND_DISPLAY)
    }
  }, 120_000)
})
