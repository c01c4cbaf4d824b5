import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { loadAddon, loadFrom } from "./Addon.js"

describe("loadFrom", () => {
  it("names the missing Debian packages the build recorded, instead of crashing", () => {
    const root = mkdtempSync(join(tmpdir(), "x11-addon-"))
    mkdirSync(join(root, "build"))
    writeFileSync(join(root, "build", "addon-status.json"), JSON.stringify({ built: false, missing: ["libxtst-dev", "build-essential"], reason: "missing Debian packages: libxtst-dev, build-essential" }))
    const load = loadFrom(root)
    expect(load._tag).toBe("Unavailable")
    if (load._tag === "Unavailable") {
      expect(load.missing).toEqual(["libxtst-dev", "build-essential"])
      expect(load.reason).toMatch(/not built \(missing Debian packages: libxtst-dev, build-essential\); install libxtst-dev build-essential/)
    }
  })

  it("without any build record it still says what to install", () => {
    const load = loadFrom(mkdtempSync(join(tmpdir(), "x11-addon-")))
    expect(load._tag === "Unavailable" && load.reason).toMatch(/never built.*libx11-dev libxtst-dev/)
  })

  it("loads the addon this checkout built", () => {
    expect(loadAddon()._tag).toBe("Loaded")
  })
})
