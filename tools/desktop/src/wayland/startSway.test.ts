import { assert, describe, it } from "@effect/vitest"
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { parseEnv } from "../DesktopEnv.js"
import { readLedger, stillOurs } from "../PidLedger.js"
import { assertNativeWaylandApps, assertStopsClean, GTK3_GTK4_QT5, uidOf, waitFor } from "../../test/waylandSession.js"
import { stopDesktop } from "../stopDesktop.js"
import { COMPOSITOR_USER } from "./CompositorUser.js"
import { startSway } from "./startSway.js"

interface SwayNode {
  readonly pid?: number
  readonly app_id?: string | null
  readonly shell?: string
  readonly name?: string | null
  readonly nodes: ReadonlyArray<SwayNode>
  readonly floating_nodes: ReadonlyArray<SwayNode>
}

/** sway's own view of its windows, through its own client (swaymsg), not ours. */
const swayViews = (swaysock: string): ReadonlyArray<SwayNode> => {
  const tree = JSON.parse(execFileSync("swaymsg", ["-s", swaysock, "-r", "-t", "get_tree"], { encoding: "utf8" })) as SwayNode
  const views: Array<SwayNode> = []
  const walk = (node: SwayNode) => {
    if (node.pid !== undefined) views.push(node)
    for (const child of [...node.nodes, ...node.floating_nodes]) walk(child)
  }
  walk(tree)
  return views
}

describe("headless sway session", () => {
  it("runs GTK 3, GTK 4 and Qt 5 apps natively on Wayland, registered on AT-SPI; stop leaves nothing running", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "sway-test-"))
    try {
      const desktop = await startSway({ stateDir, apps: GTK3_GTK4_QT5, timeoutMs: 60_000 })
      const swaysock = desktop.env.SWAYSOCK!
      assert.strictEqual(desktop.compositor.name, "sway")
      assert.deepStrictEqual(parseEnv(readFileSync(join(stateDir, "env"), "utf8")) as object, { ...desktop.env })

      // sway never runs as root: as root, it is the dedicated user's, in a runtime directory only that user enters.
      const swayUid = uidOf(desktop.compositor.pid)
      assert.notStrictEqual(swayUid, 0)
      if (process.getuid?.() === 0) {
        assert.strictEqual(desktop.compositor.user, COMPOSITOR_USER)
        const home = statSync(dirname(desktop.env.WAYLAND_DISPLAY))
        assert.strictEqual(home.uid, swayUid)
        assert.strictEqual(home.mode & 0o777, 0o700)
      }

      // Every app is a native xdg-shell window in sway's own tree (not XWayland), by pid.
      const views = (await waitFor(() => {
        const all = swayViews(swaysock)
        return desktop.apps.every((app) => all.some((v) => v.pid === app.pid)) ? all : undefined
      })) ?? swayViews(swaysock)
      for (const app of desktop.apps) {
        const view = views.find((v) => v.pid === app.pid)
        assert.isDefined(view, `${app.name} has a window in sway's tree`)
        assert.strictEqual(view!.shell, "xdg_shell", `${app.name} is a native Wayland client`)
      }
      assertNativeWaylandApps(desktop)
      assert.sameMembers(views.map((v) => v.pid!), desktop.apps.map((a) => a.pid))

      // One more app later, on the same session.
      const later = await desktop.launch("gtk3-widget-factory", 60_000)
      // An app registers on AT-SPI before its window is mapped: wait for the window.
      const mapped = await waitFor(() => swayViews(swaysock).find((v) => v.pid === later.pid))
      assert.strictEqual(mapped?.shell, "xdg_shell")

      const labels = readLedger(stateDir).map((e) => e.label)
      for (const label of ["session-bus", "at-spi-bus-launcher", "a11y-bus", "registryd", "compositor-sway", "app-fixture", "app-calculator"]) {
        assert.include(labels, label)
      }
      await assertStopsClean(desktop)
    } finally {
      await stopDesktop(stateDir)
    }
  }, 120_000)

  it("a second start in the same state directory replaces the first; after sway crashed, stop still stops the rest", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "sway-test-"))
    try {
      await startSway({ stateDir, apps: ["fixture"], timeoutMs: 60_000 })
      const first = readLedger(stateDir)
      const second = await startSway({ stateDir, timeoutMs: 60_000 })
      assert.isTrue(first.every((entry) => !stillOurs(entry)), "the first session is gone")
      const entries = readLedger(stateDir)
      process.kill(second.compositor.pid, "SIGKILL")
      const report = await second.stop()
      assert.strictEqual(report.stopped.length + report.alreadyGone.length, entries.length)
      assert.isTrue(entries.every((entry) => !stillOurs(entry)))
    } finally {
      await stopDesktop(stateDir)
    }
  }, 120_000)

  it("an app that exits before registering fails the start with its log, and nothing is left running", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "sway-test-"))
    const error = await startSway({ stateDir, apps: ["/bin/false"], timeoutMs: 60_000 }).then(() => undefined, (e: Error) => e)
    assert.match(error?.message ?? "", /false exited \(1\) before registering; see .*app-false\.log/)
    assert.deepStrictEqual(readLedger(stateDir), [])
  }, 60_000)
})
