import { assert, describe, it } from "@effect/vitest"
import { afterAll, beforeAll } from "vitest"
import { controlFixture, fixtureControlPath, geometryFixture, startSway, type RunningWaylandDesktop } from "@agent-desktop/desktop"
import { appLog, atspi, floatAt, waitFor } from "../test/swaySession.js"
import { requireAddon } from "../test/requireAddon.js"
import { SwayIpc } from "./SwayIpc.js"
import { WaylandSession } from "./WaylandSession.js"

// Layout characters, characters the us layout lacks (extras on spare keys) and one outside the BMP.
const TEXT = "Grüße, 5 € ✓ 😀"

describe("virtual keyboard under headless sway: one keymap, GTK 3, GTK 4 and Qt 5", () => {
  let desktop: RunningWaylandDesktop
  let ipc: SwayIpc
  let session: WaylandSession

  beforeAll(async () => {
    desktop = await startSway({ apps: ["fixture", geometryFixture(4), "qt:lineedits"], timeoutMs: 60_000 })
    ipc = new SwayIpc(desktop.env.SWAYSOCK!)
    session = new WaylandSession(requireAddon(), desktop.env.WAYLAND_DISPLAY)
  }, 90_000)

  afterAll(async () => {
    session?.close()
    ipc?.close()
    await desktop?.stop()
  })

  it("GTK 3: types text with extras, and BackSpace and Ctrl+A still work after the keymap grew (the fixture's own state)", async () => {
    await floatAt(ipc, "fixture", 100, 100)
    assert.isTrue(atspi.focus(desktop, "fixture", "text", "Name"))
    const control = fixtureControlPath(desktop.stateDir)
    const entryText = async () => (await controlFixture(control, { op: "state", id: "entry" })).text ?? ""

    session.type(TEXT)
    assert.strictEqual(await waitFor(async () => ((await entryText()) === TEXT ? TEXT : undefined)), TEXT)
    // The whole layout plus the extras ü ß € ✓ 😀 in one keymap: the first upload and one for the extras.
    assert.strictEqual(session.keyboard.keymapUploads, 2)

    session.pressKey("backspace")
    assert.strictEqual(await waitFor(async () => ((await entryText()) === [...TEXT].slice(0, -1).join("") ? true : undefined)), true)
    session.pressKey("a", ["ctrl"])
    session.type("Z")
    assert.strictEqual(await waitFor(async () => ((await entryText()) === "Z" ? "Z" : undefined)), "Z")
  }, 60_000)

  it("GTK 4: the same keymap, no new upload for extras already bound (the app's own log)", async () => {
    const uploads = session.keyboard.keymapUploads
    await floatAt(ipc, "geometry4", 100, 100)
    // GTK 4.8 refuses AT-SPI's grab_focus; its focus starts on the check button, and Tab moves it to the entry.
    session.pressKey("tab")
    session.type(TEXT)
    const changed = () => appLog(desktop, "geometry4").filter((line) => line.startsWith("changed ")).at(-1)
    assert.strictEqual(await waitFor(() => (changed() === `changed ${TEXT}` ? changed() : undefined)), `changed ${TEXT}`)
    assert.strictEqual(session.keyboard.keymapUploads, uploads)

    session.pressKey("a", ["ctrl"])
    session.pressKey("backspace")
    assert.strictEqual(await waitFor(() => (changed() === "changed " ? true : undefined)), true)
  }, 60_000)

  it("Qt 5: shifted characters, extras, Ctrl+A (libatspi reads the line edit)", async () => {
    await floatAt(ipc, "lineedits", 100, 100)
    assert.isTrue(atspi.focus(desktop, "lineedits", "text", "Echo"))
    session.type(TEXT)
    const text = () => atspi.text(desktop, "lineedits", "text", "Echo")
    assert.strictEqual(await waitFor(() => (text() === TEXT ? TEXT : undefined)), TEXT)
    session.pressKey("a", ["ctrl"])
    session.type("ok!")
    assert.strictEqual(await waitFor(() => (text() === "ok!" ? "ok!" : undefined)), "ok!")
  }, 60_000)

  it("layout-aware: with the German layout, y and z come from their German keys and ß, ä need no extra keymap", async () => {
    session.close()
    const german = new WaylandSession(requireAddon(), desktop.env.WAYLAND_DISPLAY, { layout: "de" })
    try {
      await floatAt(ipc, "fixture", 100, 100)
      assert.isTrue(atspi.focus(desktop, "fixture", "text", "Name"))
      german.pressKey("a", ["ctrl"])
      german.type("yz ßä ÄÖ")
      const control = fixtureControlPath(desktop.stateDir)
      const entryText = async () => (await controlFixture(control, { op: "state", id: "entry" })).text
      assert.strictEqual(await waitFor(async () => ((await entryText()) === "yz ßä ÄÖ" ? true : undefined)), true)
      assert.strictEqual(german.keyboard.keymapUploads, 1)
    } finally {
      german.close()
      session = new WaylandSession(requireAddon(), desktop.env.WAYLAND_DISPLAY)
    }
  }, 60_000)
})
