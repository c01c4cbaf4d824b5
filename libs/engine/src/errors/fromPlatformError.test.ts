import { PlatformError } from "@agent-desktop/platform"
import { assert, describe, it } from "@effect/vitest"
import { fromPlatformError } from "./fromPlatformError.js"
import { toErrorBody } from "./toErrorBody.js"

describe("fromPlatformError", () => {
  it("keeps the adapter's suggestion (what to do instead) in place of the code's generic one", () => {
    const instead = "go to the cell through the Name Box, set the input line, then click Accept"
    const body = toErrorBody(fromPlatformError(new PlatformError({ code: "ACTION_NOT_SUPPORTED", message: "no", suggestion: instead })))
    assert.strictEqual(body.suggestion, instead)
    assert.deepStrictEqual(body.disposition, { delivery: "not_delivered", retry: "safe" })
  })

  it("without one, the catalogue's suggestion for the code", () => {
    const body = toErrorBody(fromPlatformError(new PlatformError({ code: "ACTION_NOT_SUPPORTED", message: "no" })))
    assert.match(body.suggestion ?? "", /different action/)
  })
})
