import { assert, describe, it } from "@effect/vitest"
import { afterAll, beforeAll } from "vitest"
import { geometryFixture, startSway, type RunningWaylandDesktop } from "@agent-desktop/desktop"
import { appLog, atspi, floatAt, globalRect, sleep, waitFor } from "../test/swaySession.js"
import { requireAddon } from "../test/requireAddon.js"
import { SwayIpc } from "./SwayIpc.js"
import { WaylandSession } from "./WaylandSession.js"

const centre = (r: { x: number; y: number; width: number; height: number }) => ({ x: r.x + Math.floor(r.width / 2), y: r.y + Math.floor(r.height / 2) })

describe("virtual pointer under headless sway, at global coordinates from sway + AT-SPI", () => {
  let desktop: RunningWaylandDesktop
  let ipc: SwayIpc
  let session: WaylandSession

  beforeAll(async () => {
    desktop = await startSway({ apps: [geometryFixture(3), geometryFixture(4), "qt:groupbox"], timeoutMs: 60_000 })
    ipc = new SwayIpc(desktop.env.SWAYSOCK!)
    session = new WaylandSession(requireAddon(), desktop.env.WAYLAND_DISPLAY)
  }, 90_000)

  afterAll(async () => {
    session?.close()
    ipc?.close()
    await desktop?.stop()
  })

  const checked = (app: string, name: string) => atspi.states(desktop, app, "check box", name).includes("checked")

  for (const [app, name, x, y] of [["geometry3", "Target", 150, 120], ["geometry4", "Target", 300, 200], ["groupbox", "Checkbox 1", 420, 260]] as const) {
    it(`${app}: a click beside the check box does nothing, a click on it toggles it (libatspi reads the state)`, async () => {
      const window = await floatAt(ipc, app, x, y)
      const rect = globalRect(desktop, window, app, "check box", name)
      const before = checked(app, name)
      session.click(rect.x - 8, rect.y + Math.floor(rect.height / 2), "left", 1)
      await sleep(300)
      assert.strictEqual(checked(app, name), before, "8 px left of the box is the window's background")
      const { x: cx, y: cy } = centre(rect)
      session.click(cx, cy, "left", 1)
      assert.strictEqual(await waitFor(() => (checked(app, name) !== before ? true : undefined)), true)
      if (app !== "groupbox") {
        assert.include(appLog(desktop, app), `toggled ${String(!before).replace(/^./, (c) => c.toUpperCase())}`)
      }
    }, 60_000)
  }

  for (const app of ["geometry3", "geometry4"] as const) {
    it(`${app}: a double click is two clicks; a drag and the wheel move the scale (the app's own log)`, async () => {
      const window = await floatAt(ipc, app, 200, 150)
      const presses = () => appLog(desktop, app).filter((line) => line.startsWith("pressed ")).length
      const pressedBefore = presses()
      session.click(centre(globalRect(desktop, window, app, "push button", "Press")).x, centre(globalRect(desktop, window, app, "push button", "Press")).y, "left", 2)
      assert.strictEqual(await waitFor(() => (presses() === pressedBefore + 2 ? true : undefined)), true)

      const level = () => Number(appLog(desktop, app).filter((line) => line.startsWith("level ")).at(-1)?.slice(6) ?? "0")
      const scale = globalRect(desktop, window, app, "slider", "Level")
      const mid = Math.floor(scale.y + scale.height / 2)
      session.drag({ x: scale.x + 4, y: mid }, { x: scale.x + Math.floor(scale.width * 0.75), y: mid }, 200, 50)
      const dragged = await waitFor(() => (level() >= 50 ? level() : undefined))
      assert.isDefined(dragged, `the drag moved the scale to ${level()}`)
      // The drag released its button: a later wheel turn over the scale reaches it (no grab left behind).
      const atDrag = level()
      session.wheel(scale.x + Math.floor(scale.width / 2), mid, 0, -3)
      assert.isDefined(await waitFor(() => (level() !== atDrag ? true : undefined)), "the wheel moved the scale")
    }, 60_000)
  }
})
