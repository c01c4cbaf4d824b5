import { assert, describe, it } from "@effect/vitest"
import { afterAll, beforeAll } from "vitest"
import { controlFixture, DbusClient, fixtureControlPath, startGnomeShell, type RunningWaylandDesktop } from "@agent-desktop/desktop"
import { atspi, sleep, waitFor } from "../test/swaySession.js"
import { requireAddon } from "../test/requireAddon.js"
import { keysymOfChar } from "./KeyNames.js"
import { MutterRemoteDesktop, NoScreenCast, OutsideLayout } from "./MutterRemoteDesktop.js"
import { SEAT_KEYBOARD, SETTLE_MS } from "./SeatSettle.js"
import { WaylandSession } from "./WaylandSession.js"

describe("GNOME: keys through mutter's RemoteDesktop session (headless gnome-shell 43)", () => {
  let desktop: RunningWaylandDesktop
  let bus: DbusClient
  let session: WaylandSession
  let remote: MutterRemoteDesktop

  beforeAll(async () => {
    desktop = await startGnomeShell({ apps: ["fixture"], timeoutMs: 90_000 })
    bus = DbusClient.connect(desktop.env.DBUS_SESSION_BUS_ADDRESS)
    session = new WaylandSession(requireAddon(), desktop.env.WAYLAND_DISPLAY)
    // The fixture's window gets the keyboard focus when the overview closes (no API focuses a given window).
    const overview = { destination: "org.gnome.Shell", path: "/org/gnome/Shell", interface: "org.freedesktop.DBus.Properties", member: "Set", signature: "ssv" }
    for (const shown of [true, false]) {
      await bus.call({ ...overview, body: ["org.gnome.Shell", "OverviewActive", ["b", shown]] }, 15_000)
      await sleep(600)
    }
    remote = await MutterRemoteDesktop.start((message) => bus.call(message, 15_000))
    // mutter creates the virtual keyboard on its first key, the seat's first keyboard: clients bind theirs on that news.
    await remote.wakeKeyboard()
    const bound = await waitFor(() => ((session.addon.seatCapabilities() & SEAT_KEYBOARD) !== 0 ? true : undefined))
    if (!bound) throw new Error("the seat never got the remote-desktop keyboard")
    await sleep(SETTLE_MS)
  }, 120_000)

  afterAll(async () => {
    await remote?.stop().catch(() => undefined)
    bus?.close()
    session?.close()
    await desktop?.stop()
  })

  const entryText = async () => (await controlFixture(fixtureControlPath(desktop.stateDir), { op: "state", id: "entry" })).text ?? ""
  const inLayout = (keysym: number) => session.addon.seatKeymapLookup(keysym) !== null
  const keysymOf = (char: string) => keysymOfChar(session.addon, char)

  it("types the layout's characters, shifted ones included, into a GTK 3 entry (the fixture's own state)", async () => {
    assert.isTrue(atspi.focus(desktop, "fixture", "text", "Name"))
    const started = Date.now()
    await remote.type("Hello, World 42!", keysymOf, inLayout)
    const perKey = (Date.now() - started) / 16
    assert.strictEqual(await waitFor(async () => ((await entryText()) === "Hello, World 42!" ? true : undefined)), true)
    process.stderr.write(`mutter RemoteDesktop: ${perKey.toFixed(1)} ms per character (press + release, two D-Bus calls)\n`)
  }, 60_000)

  it("refuses text with a character outside the session's layout whole, typing nothing", async () => {
    const before = await entryText()
    const refused = await remote.type("héllo", keysymOf, inLayout).then(() => undefined, (error: unknown) => error)
    assert.instanceOf(refused, OutsideLayout)
    assert.deepStrictEqual((refused as OutsideLayout).characters, ["é"])
    await sleep(300)
    assert.strictEqual(await entryText(), before)
  }, 30_000)

  it("a chord: Ctrl+A selects all, the next character replaces it", async () => {
    const control = session.addon.keysymFromName("Control_L")
    await remote.chord([control, keysymOf("a")!])
    await remote.type("Z", keysymOf, inLayout)
    assert.strictEqual(await waitFor(async () => ((await entryText()) === "Z" ? true : undefined)), true)
  }, 30_000)
})

describe("GNOME without PipeWire: mutter cannot start a ScreenCast stream; keys still work, absolute motion refuses with the reason", () => {
  let desktop: RunningWaylandDesktop
  let bus: DbusClient
  let session: WaylandSession

  beforeAll(async () => {
    desktop = await startGnomeShell({ apps: ["fixture"], timeoutMs: 90_000, pipewire: false })
    bus = DbusClient.connect(desktop.env.DBUS_SESSION_BUS_ADDRESS)
    session = new WaylandSession(requireAddon(), desktop.env.WAYLAND_DISPLAY)
  }, 120_000)

  afterAll(async () => {
    bus?.close()
    session?.close()
    await desktop?.stop()
  })

  it("starts a session without streams, saying why; a point refuses before anything is sent; keys reach the fixture", async () => {
    const remote = await MutterRemoteDesktop.start((message) => bus.call(message, 15_000))
    try {
      assert.isTrue("unavailable" in remote.screenCast)
      assert.match((remote.screenCast as { unavailable: string }).unavailable, /PipeWire/i)
      assert.throws(() => remote.streamAt(10, 10), NoScreenCast)
      const overview = { destination: "org.gnome.Shell", path: "/org/gnome/Shell", interface: "org.freedesktop.DBus.Properties", member: "Set", signature: "ssv" }
      for (const shown of [true, false]) {
        await bus.call({ ...overview, body: ["org.gnome.Shell", "OverviewActive", ["b", shown]] }, 15_000)
        await sleep(600)
      }
      assert.isTrue(atspi.focus(desktop, "fixture", "text", "Name"))
      await remote.wakeKeyboard()
      await waitFor(() => ((session.addon.seatCapabilities() & SEAT_KEYBOARD) !== 0 ? true : undefined))
      await sleep(SETTLE_MS)
      await remote.type("ok", (char) => keysymOfChar(session.addon, char), (keysym) => session.addon.seatKeymapLookup(keysym) !== null)
      const text = async () => (await controlFixture(fixtureControlPath(desktop.stateDir), { op: "state", id: "entry" })).text ?? ""
      assert.strictEqual(await waitFor(async () => ((await text()) === "ok" ? true : undefined)), true)
    } finally {
      await remote.stop().catch(() => undefined)
    }
  }, 60_000)
})
