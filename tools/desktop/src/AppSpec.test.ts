import { assert, describe, expect, it } from "@effect/vitest"
import { mkdtempSync, readlinkSync } from "node:fs"
import { tmpdir } from "node:os"
import { basename, join } from "node:path"
import { qtApp, resolveApp } from "./AppSpec.js"

describe("Qt examples as apps", () => {
  const examples = "/usr/lib/x86_64-linux-gnu/qt5/examples/widgets"

  it("qt:NAME is a widgets example, qt:GROUP/NAME one of another group; both with Qt's accessibility switched on", () => {
    const calculator = resolveApp("qt:calculator", "/tmp/state")
    expect(calculator.argv).toEqual([`${examples}/widgets/calculator/calculator`])
    expect(calculator.env?.["QT_LINUX_ACCESSIBILITY_ALWAYS_ON"]).toBe("1")
    const tree = resolveApp("qt:itemviews/simpletreemodel", "/tmp/state")
    expect(tree.name).toBe("simpletreemodel")
    expect(tree.argv).toEqual([`${examples}/itemviews/simpletreemodel/simpletreemodel`])
  })

  it("qtApp passes arguments to the example (Qt's -geometry) and takes \"\" for the examples at the top", () => {
    expect(qtApp("gallery", "", ["-geometry", "+0+480"]).argv).toEqual([`${examples}/gallery/gallery`, "-geometry", "+0+480"])
  })
})

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
