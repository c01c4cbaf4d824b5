import { assert, describe, it } from "@effect/vitest"
import { afterAll, beforeAll } from "vitest"
import { realpathSync } from "node:fs"
import { controlFixture, fixtureControlPath, startKwin, type RunningWaylandDesktop } from "@agent-desktop/desktop"
import { atspi, sleep, waitFor } from "../test/swaySession.js"
import { requireAddon } from "../test/requireAddon.js"
import { addonErrorCode } from "./Addon.js"
import { KwinFakeInput } from "./KwinFakeInput.js"
import { OutsideLayout } from "./OutsideLayout.js"
import { WaylandSession } from "./WaylandSession.js"

describe("KDE: keys through KWin's fake input, authorized by a .desktop file (headless kwin_wayland 5.27)", () => {
  let desktop: RunningWaylandDesktop
  let session: WaylandSession

  beforeAll(async () => {
    // This test's executable is node: the authorization names node's real path, as KWin resolves /proc/PID/exe.
    desktop = await startKwin({
      apps: ["fixture"],
      timeoutMs: 90_000,
      authorizations: [{ name: "agent-desktop tests", exec: realpathSync(process.execPath), waylandInterfaces: ["org_kde_kwin_fake_input"] }]
    })
    session = new WaylandSession(requireAddon(), desktop.env.WAYLAND_DISPLAY)
  }, 120_000)

  afterAll(async () => {
    session?.close()
    await desktop?.stop()
  })

  const entryText = async () => (await controlFixture(fixtureControlPath(desktop.stateDir), { op: "state", id: "entry" })).text ?? ""

  it("the authorized executable sees org_kde_kwin_fake_input (version 4), and types the layout's text into GTK 3", async () => {
    assert.strictEqual(session.info.protocols.kde_fake_input, 4)
    const input = new KwinFakeInput(session.addon)
    assert.isTrue(atspi.focus(desktop, "fixture", "text", "Name"))
    input.pressKey("a", ["ctrl"])
    input.type("Hello, World 42!")
    assert.strictEqual(await waitFor(async () => ((await entryText()) === "Hello, World 42!" ? true : undefined)), true)
    const refused = (() => { try { input.type("héllo"); return undefined } catch (e) { return e } })()
    assert.instanceOf(refused, OutsideLayout)
    assert.deepStrictEqual((refused as OutsideLayout).characters, ["é"])
    await sleep(200)
    assert.strictEqual(await entryText(), "Hello, World 42!")
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
