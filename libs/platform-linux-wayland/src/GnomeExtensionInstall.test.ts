/**
 * The shipped installer (`gnome-extension/install.sh`): the extension.js it writes parses in the format of the shell
 * version (a script for 42-44, an ES module for 45 and later; `node --check` parses without resolving the shell's
 * imports), and enabling falls back to the enabled-extensions key, keeping the extensions already there. The shell's
 * tools are stand-ins on PATH here; the GNOME suite runs the real ones (apps/cli/src/e2e/wayland/gnomeWindows.test.ts).
 */
import { assert, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const INSTALLER = join(dirname(fileURLToPath(import.meta.url)), "..", "gnome-extension", "install.sh")

const install = (major: number, enabled: string) => {
  const dir = mkdtempSync(join(tmpdir(), "ad-gnome-ext-"))
  const bin = join(dir, "bin")
  spawnSync("mkdir", ["-p", bin])
  // No shell runs: gnome-extensions fails; gsettings keeps its key in a file.
  writeFileSync(join(bin, "gnome-extensions"), "#!/bin/sh\nexit 2\n", { mode: 0o755 })
  const key = join(dir, "key")
  writeFileSync(key, enabled)
  writeFileSync(join(bin, "gsettings"), `#!/bin/sh\nif [ "$1" = get ]; then cat '${key}'; else printf '%s' "$4" > '${key}'; fi\n`, { mode: 0o755 })
  const run = spawnSync("sh", [INSTALLER, "--shell-version", String(major)], { env: { ...process.env, PATH: `${bin}:${process.env["PATH"]}`, XDG_DATA_HOME: join(dir, "data") }, encoding: "utf8" })
  assert.strictEqual(run.status, 0, run.stdout + run.stderr)
  const target = join(dir, "data", "gnome-shell", "extensions", "windows@agent-desktop")
  return { target, key: readFileSync(key, "utf8"), out: run.stdout }
}

describe("the GNOME Shell extension's installer", () => {
  it("GNOME 43: a legacy script with init(), the service inlined, added to an empty enabled-extensions", () => {
    const { target, key, out } = install(43, "@as []")
    const code = readFileSync(join(target, "extension.js"), "utf8")
    assert.match(code, /^function init\(\)/m)
    assert.match(code, /class AgentDesktopWindowService/)
    assert.notMatch(code, /@WINDOW_SERVICE@|^import /m)
    const script = join(target, "check.js")
    writeFileSync(script, code)
    assert.strictEqual(spawnSync(process.execPath, ["--check", script]).status, 0)
    assert.strictEqual(JSON.parse(readFileSync(join(target, "metadata.json"), "utf8"))["uuid"], "windows@agent-desktop")
    assert.strictEqual(key, "['windows@agent-desktop']")
    assert.match(out, /next log-in/)
  })

  it("GNOME 45+: an ES module with a default export, appended to the extensions already enabled", () => {
    const { target, key } = install(46, "['a@b']")
    const code = readFileSync(join(target, "extension.js"), "utf8")
    assert.match(code, /^export default class/m)
    const module = join(target, "check.mjs")
    writeFileSync(module, code)
    const check = spawnSync(process.execPath, ["--check", module], { encoding: "utf8" })
    assert.strictEqual(check.status, 0, check.stderr)
    assert.strictEqual(key, "['a@b', 'windows@agent-desktop']")
  })
})
