import { assert, describe, it } from "@effect/vitest"
import { afterAll, beforeAll } from "vitest"
import { geometryFixture, startSway, type RunningWaylandDesktop } from "@agent-desktop/desktop"
import { atspi, swaymsg, waitFor, windowOf } from "../test/swaySession.js"
import { requireAddon } from "../test/requireAddon.js"
import { swayWindows, SwayIpc, type SwayNode } from "./SwayIpc.js"
import { WaylandSession } from "./WaylandSession.js"

describe("windows under headless sway: the foreign-toplevel list and sway IPC, against swaymsg", () => {
  let desktop: RunningWaylandDesktop
  let ipc: SwayIpc
  let session: WaylandSession

  beforeAll(async () => {
    desktop = await startSway({ apps: [geometryFixture(3), geometryFixture(4), "qt:groupbox"], timeoutMs: 60_000 })
    ipc = new SwayIpc(desktop.env.SWAYSOCK!)
    session = new WaylandSession(requireAddon(), desktop.env.WAYLAND_DISPLAY)
    await waitFor(async () => ((await ipc.windows()).length === 3 ? true : undefined))
  }, 90_000)

  afterAll(async () => {
    session?.close()
    ipc?.close()
    await desktop?.stop()
  })

  const theirs = () => swayWindows(swaymsg(desktop, "-t", "get_tree") as SwayNode)

  it("our IPC client reads the same tree as swaymsg: ids, pids, titles, rectangles", async () => {
    const ours = await ipc.windows()
    assert.deepStrictEqual(ours, theirs())
    assert.sameMembers(ours.map((w) => w.pid), desktop.apps.map((a) => a.pid))
    assert.strictEqual((await ipc.version()).major, 1)
  })

  it("the toplevel list names the same windows as sway's tree, and the activated one is sway's focused one", async () => {
    const toplevels = await waitFor(() => {
      const list = session.toplevels()
      return list.length === 3 ? list : undefined
    })
    assert.sameDeepMembers(toplevels!.map((t) => [t.title, t.app_id]), theirs().map((w) => [w.title, w.appId]))
    const focused = theirs().find((w) => w.focused)!
    assert.deepStrictEqual(toplevels!.filter((t) => t.activated).map((t) => t.app_id), [focused.appId])
    assert.deepStrictEqual(toplevels![0]!.outputs, ["HEADLESS-1"])
  })

  it("activating a toplevel focuses it in sway; fullscreen and back", async () => {
    const target = session.toplevels().find((t) => !t.activated)!
    session.toplevel(target.id, "activate")
    assert.strictEqual(await waitFor(() => (theirs().find((w) => w.focused)?.appId === target.app_id ? true : undefined)), true)
    assert.isTrue(session.toplevels().find((t) => t.id === target.id)!.activated)

    // The app's own size (libatspi) follows each step before the next: toggled back before GTK 3 caught up, sway's
    // state and the app's disagree from then on (seen: sway not fullscreen, GTK 3 still 1280x1024 after later resizes).
    const appSize = (): string => {
      const role = target.app_id === "groupbox" ? ["check box", "Checkbox 1"] : ["check box", "Target"]
      const [, , width, height] = atspi.extents(desktop, target.app_id, role[0]!, role[1]!).window.window
      return `${width}x${height}`
    }
    const sway = () => theirs().find((w) => w.appId === target.app_id)!
    session.toplevel(target.id, "fullscreen")
    assert.strictEqual(await waitFor(() => (sway().fullscreen && appSize() === "1280x1024" ? true : undefined)), true)
    session.toplevel(target.id, "unfullscreen")
    assert.strictEqual(
      await waitFor(() => (!sway().fullscreen && appSize() === `${sway().windowRect.width}x${sway().windowRect.height}` ? true : undefined)),
      true
    )
  })

  it("sway IPC focus, move and resize: swaymsg and libatspi see the result", async () => {
    const window = await windowOf(ipc, "geometry3")
    await ipc.focus(window.id)
    assert.strictEqual(await waitFor(() => (theirs().find((w) => w.focused)?.id === window.id ? true : undefined)), true)

    await ipc.move(window.id, 200, 150)
    await ipc.resize(window.id, 500, 400)
    const moved = await waitFor(() => {
      const w = theirs().find((x) => x.id === window.id)
      return w && w.floating && w.frame.x === 200 && w.frame.y === 150 && w.frame.width === 500 && w.frame.height === 400 ? w : undefined
    })
    assert.isDefined(moved, JSON.stringify(theirs().find((x) => x.id === window.id)))
    // The app itself got the new size: AT-SPI's window is the content area (the container minus sway's border).
    const size = await waitFor(() => {
      const [, , width, height] = atspi.extents(desktop, "geometry3", "check box", "Target").window.window
      return width === moved!.windowRect.width && height === moved!.windowRect.height ? [width, height] : undefined
    })
    assert.isDefined(size, JSON.stringify({ sway: moved!.windowRect, atspi: atspi.extents(desktop, "geometry3", "check box", "Target").window.window }))
  })

  it("closing a toplevel ends its app", async () => {
    const app = await desktop.launch("qt:calculator", 60_000)
    const toplevel = await waitFor(() => session.toplevels().find((t) => t.app_id === "calculator"))
    session.toplevel(toplevel!.id, "close")
    const gone = await waitFor(() => {
      try {
        process.kill(app.pid, 0)
        return undefined
      } catch {
        return true
      }
    })
    assert.strictEqual(gone, true)
    assert.isUndefined(await waitFor(() => (session.toplevels().some((t) => t.id === toplevel!.id) ? undefined : true), 5000).then((v) => (v ? undefined : "still listed")))
  })
})
