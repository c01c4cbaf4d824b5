import { assert, describe, it } from "@effect/vitest"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assertNativeWaylandApps, assertStopsClean, GTK3_GTK4_QT5 } from "../../test/waylandSession.js"
import { readLedger } from "../PidLedger.js"
import { stopDesktop } from "../stopDesktop.js"
import { startGnomeShell } from "./startGnomeShell.js"

describe("headless gnome-shell session", () => {
  it("runs GTK 3, GTK 4 and Qt 5 apps natively on Wayland with a private system bus; stop leaves nothing running", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "gnome-test-"))
    try {
      const desktop = await startGnomeShell({ stateDir, apps: GTK3_GTK4_QT5, timeoutMs: 90_000 })
      assert.strictEqual(desktop.env.XDG_CURRENT_DESKTOP, "GNOME")
      assert.match(desktop.env.DBUS_SYSTEM_BUS_ADDRESS ?? "", new RegExp(`^unix:path=${stateDir}/system-bus,`))
      assertNativeWaylandApps(desktop)
      const labels = readLedger(stateDir).map((entry) => entry.label)
      for (const label of ["system-bus", "pipewire", "wireplumber", "compositor-gnome-shell", "app-fixture", "app-calculator"]) assert.include(labels, label)
      // Services the shell or the apps had the session bus start (gvfsd, ...) are stopped with the session.
      assert.isTrue(labels.some((label) => label.startsWith("service-")))
      await assertStopsClean(desktop)
    } finally {
      await stopDesktop(stateDir)
    }
  }, 180_000)
})
