import { assert, describe, it } from "@effect/vitest"
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { authorizationText, inspectAuthorization, installAuthorization } from "./KwinAuthorization.js"

const HELPER = "/opt/agent-desktop/build/Release/agent-desktop-kwin"

/** A scratch user data home, system data dir and PATH (with a kbuildsycoca5 that records its XDG_DATA_HOME when asked). */
const scratch = (withCacheTool: boolean) => {
  const root = mkdtempSync(join(tmpdir(), "ad-kwin-auth-"))
  const bin = join(root, "bin")
  mkdirSync(bin)
  if (withCacheTool) {
    writeFileSync(join(bin, "kbuildsycoca5"), `#!/bin/sh\necho "$XDG_DATA_HOME" >> "${join(root, "sycoca.log")}"\n`)
    chmodSync(join(bin, "kbuildsycoca5"), 0o755)
  }
  const env = { HOME: join(root, "home"), XDG_DATA_HOME: join(root, "data"), XDG_DATA_DIRS: join(root, "system"), PATH: bin }
  return { root, env, file: join(root, "data", "applications", "agent-desktop.desktop") }
}

describe("KWin's authorization of the helper: the installed agent-desktop.desktop", () => {
  it("the shipped template with Exec= the helper's path and both grants", () => {
    const text = authorizationText(HELPER)
    assert.include(text, `\nExec=${HELPER}\n`)
    assert.include(text, "\nX-KDE-Wayland-Interfaces=org_kde_kwin_fake_input\n")
    assert.include(text, "\nX-KDE-DBUS-Restricted-Interfaces=org.kde.KWin.ScreenShot2\n")
    assert.notInclude(text, "@EXEC@")
  })

  it("install writes the user's file, rebuilds the service cache, and a second run changes nothing (idempotent)", () => {
    const { root, env, file } = scratch(true)
    assert.deepStrictEqual(inspectAuthorization(HELPER, env), { state: "missing", file, exec: HELPER })
    const first = installAuthorization(HELPER, env)
    assert.deepStrictEqual(first, { file, exec: HELPER, changed: true, service_cache: { state: "rebuilt", tool: "kbuildsycoca5" } })
    assert.strictEqual(readFileSync(file, "utf8"), authorizationText(HELPER))
    assert.deepStrictEqual(inspectAuthorization(HELPER, env), { state: "installed", file, exec: HELPER })
    const second = installAuthorization(HELPER, env)
    assert.isFalse(second.changed)
    // The cache tool ran in the caller's data home both times (a cache an earlier run could not rebuild is repaired).
    assert.deepStrictEqual(readFileSync(join(root, "sycoca.log"), "utf8").trim().split("\n"), [env.XDG_DATA_HOME, env.XDG_DATA_HOME])
  })

  it("a file naming another path (the package moved) is reported and rewritten", () => {
    const { env, file } = scratch(false)
    installAuthorization("/old/place/agent-desktop-kwin", env)
    assert.deepStrictEqual(inspectAuthorization(HELPER, env), { state: "other_executable", file, exec: HELPER, names: "/old/place/agent-desktop-kwin" })
    const moved = installAuthorization(HELPER, env)
    assert.isTrue(moved.changed)
    assert.deepStrictEqual(moved.service_cache.state, "no_tool")
    assert.strictEqual(inspectAuthorization(HELPER, env).state, "installed")
  })

  it("a file without one of the grants is incomplete; the user's file hides the system's", () => {
    const { env, file } = scratch(false)
    const system = join(env.XDG_DATA_DIRS, "applications", "agent-desktop.desktop")
    mkdirSync(join(env.XDG_DATA_DIRS, "applications"), { recursive: true })
    writeFileSync(system, authorizationText(HELPER))
    assert.deepStrictEqual(inspectAuthorization(HELPER, env), { state: "installed", file: system, exec: HELPER })
    mkdirSync(join(env.XDG_DATA_HOME, "applications"), { recursive: true })
    writeFileSync(file, authorizationText(HELPER).replace(/^X-KDE-DBUS-Restricted-Interfaces=.*$/m, ""))
    assert.deepStrictEqual(inspectAuthorization(HELPER, env), { state: "incomplete", file, exec: HELPER, lacks: ["org.kde.KWin.ScreenShot2"] })
  })
})
