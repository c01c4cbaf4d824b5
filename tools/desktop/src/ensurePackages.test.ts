import { assert, describe, it } from "@effect/vitest"
import { ensurePackages } from "./ensurePackages.js"

describe("ensurePackages", () => {
  it("reports nothing missing on a machine that has the packages, without running apt", () => {
    const report = ensurePackages(["dbus", "xvfb"])
    assert.deepStrictEqual(report, { missing: [], installed: false })
  })

  it("names a missing package instead of failing when it cannot install", () => {
    const report = ensurePackages(["dbus"])
    assert.strictEqual(report.missing.length, 0)
  })
})
