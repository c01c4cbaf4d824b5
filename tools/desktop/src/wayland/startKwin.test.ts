import { assert, describe, it } from "@effect/vitest"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assertNativeWaylandApps, assertStopsClean, GTK3_GTK4_QT5 } from "../../test/waylandSession.js"
import { readLedger } from "../PidLedger.js"
import { stopDesktop } from "../stopDesktop.js"
import { startKwin } from "./startKwin.js"

describe("headless kwin_wayland session", () => {
  it("runs GTK 3, GTK 4 and Qt 5 apps natively on Wayland; stop leaves nothing running", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "kwin-test-"))
    try {
      const desktop = await startKwin({ stateDir, apps: GTK3_GTK4_QT5, timeoutMs: 90_000 })
      assert.strictEqual(desktop.env.XDG_CURRENT_DESKTOP, "KDE")
      assertNativeWaylandApps(desktop)
      assert.include(readLedger(stateDir).map((entry) => entry.label), "compositor-kwin")
      await assertStopsClean(desktop)
    } finally {
      await stopDesktop(stateDir)
    }
  }, 180_000)
})
