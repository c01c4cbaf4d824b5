import { assert, describe, it } from "@effect/vitest"
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { addonErrorCode, loadFrom } from "./Addon.js"
import { requireAddon } from "../test/requireAddon.js"

describe("addon loading", () => {
  it("a package directory without the binary says why, naming the Debian packages the build found missing", () => {
    const root = mkdtempSync(join(tmpdir(), "wl-addon-"))
    mkdirSync(join(root, "build"))
    writeFileSync(join(root, "build", "addon-status.json"), JSON.stringify({ built: false, missing: ["libwayland-dev", "libxkbcommon-dev"], reason: "missing Debian packages: libwayland-dev, libxkbcommon-dev" }))
    const load = loadFrom(root)
    assert.strictEqual(load._tag, "Unavailable")
    if (load._tag === "Unavailable") {
      assert.deepStrictEqual(load.missing, ["libwayland-dev", "libxkbcommon-dev"])
      assert.match(load.reason, /not built \(missing Debian packages: libwayland-dev, libxkbcommon-dev\); install libwayland-dev libxkbcommon-dev and run npm rebuild/)
    }
  })

  it("never built at all: the default list of packages", () => {
    const load = loadFrom(mkdtempSync(join(tmpdir(), "wl-addon-")))
    assert.strictEqual(load._tag, "Unavailable")
    if (load._tag === "Unavailable") assert.match(load.reason, /it was never built.*libwayland-dev libxkbcommon-dev/)
  })
})

describe("the addon without a compositor", () => {
  const addon = requireAddon()

  it("refuses to connect without WAYLAND_DISPLAY, and to a socket nobody listens on, with codes", () => {
    const saved = process.env.WAYLAND_DISPLAY
    delete process.env.WAYLAND_DISPLAY
    try {
      const noDisplay = (() => { try { addon.connect(null); return undefined } catch (error) { return error } })()
      assert.strictEqual(addonErrorCode(noDisplay), "WL_NO_DISPLAY")
    } finally {
      if (saved !== undefined) process.env.WAYLAND_DISPLAY = saved
    }
    const missing = (() => { try { addon.connect(join(tmpdir(), "no-such-wayland-socket")); return undefined } catch (error) { return error } })()
    assert.strictEqual(addonErrorCode(missing), "WL_CONNECT_FAILED")
    assert.match((missing as Error).message, /no-such-wayland-socket/)
  })

  it("calls that need a connection say so", () => {
    addon.disconnect()
    const error = (() => { try { addon.toplevels(); return undefined } catch (e) { return e } })()
    assert.strictEqual(addonErrorCode(error), "WL_NOT_CONNECTED")
  })

  it("rejects a keymap xkbcommon cannot compile before anything is sent", () => {
    const error = (() => { try { addon.keymapSpareKeys("xkb_keymap { nonsense"); return undefined } catch (e) { return e } })()
    assert.strictEqual(addonErrorCode(error), "WL_KEYMAP_INVALID")
  })
})
