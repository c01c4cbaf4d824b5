import { assert, describe, it } from "@effect/vitest"
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { addonErrorCode, loadFrom, loadPipewireAddon } from "./Addon.js"

describe("the PipeWire addon's loading", () => {
  it("a package without the built addon says why and which Debian packages build it", () => {
    const root = mkdtempSync(join(tmpdir(), "pw-addon-"))
    const never = loadFrom(root)
    assert.strictEqual(never._tag, "Unavailable")
    assert.match(never._tag === "Unavailable" ? never.reason : "", /never built.*libpipewire-0\.3-dev.*npm rebuild @agent-desktop\/pipewire/)
    mkdirSync(join(root, "build"))
    writeFileSync(join(root, "build", "addon-status.json"), JSON.stringify({ built: false, missing: ["libpipewire-0.3-dev"], reason: "missing Debian packages: libpipewire-0.3-dev" }))
    const missing = loadFrom(root)
    assert.deepStrictEqual(missing._tag === "Unavailable" ? missing.missing : [], ["libpipewire-0.3-dev"])
  })

  it("this checkout's addon loads (its build is part of the package's build) and names the library it runs on", () => {
    const load = loadPipewireAddon()
    assert.strictEqual(load._tag, "Loaded", load._tag === "Unavailable" ? load.reason : "")
    if (load._tag === "Loaded") assert.match(load.addon.libraryVersion(), /^\d+\.\d+\.\d+/)
  })

  it("refuses a missing node id before connecting to anything", () => {
    const load = loadPipewireAddon()
    if (load._tag !== "Loaded") throw new Error(load.reason)
    const bad = (() => { try { load.addon.captureFrame(0, 100) } catch (error) { return error } })()
    assert.strictEqual(addonErrorCode(bad), "PW_BAD_ARGUMENT")
  })
})
