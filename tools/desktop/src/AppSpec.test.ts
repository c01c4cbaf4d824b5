import { assert, describe, it } from "@effect/vitest"
import { mkdtempSync, readlinkSync } from "node:fs"
import { tmpdir } from "node:os"
import { basename, join } from "node:path"
import { resolveApp } from "./AppSpec.js"

describe("resolveApp", () => {
  it("a gtk4-demo demo runs from a link named after it, so it registers under its own name", () => {
    const state = mkdtempSync(join(tmpdir(), "appspec-"))
    const spec = resolveApp("gtk4-demo:listbox_controls", state)
    assert.strictEqual(spec.name, "gtk4-demo-listbox_controls")
    assert.deepStrictEqual(spec.argv.slice(1), ["--run", "listbox_controls"])
    assert.strictEqual(basename(spec.argv[0]!), spec.name)
    assert.strictEqual(readlinkSync(spec.argv[0]!), "/usr/bin/gtk4-demo")
    // Resolving again (a second desktop in the same state directory) reuses the link.
    assert.deepStrictEqual(resolveApp("gtk4-demo:listbox_controls", state), spec)
  })

  it("gtk4-widget-factory runs on the cairo renderer (on the default one under Xvfb it never registers)", () => {
    assert.deepStrictEqual(resolveApp("gtk4-widget-factory", tmpdir()).env, { GSK_RENDERER: "cairo" })
  })
})
