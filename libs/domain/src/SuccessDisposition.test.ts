import { assert, describe, it } from "@effect/vitest"
import { dispositionOf } from "./Disposition.js"
import { asSuccessDisposition } from "./SuccessDisposition.js"

describe("asSuccessDisposition", () => {
  it("keeps delivered and not_delivered, and refuses the dispositions only an error may carry", () => {
    assert.deepStrictEqual(asSuccessDisposition(dispositionOf("delivered_verified")), { delivery: "delivered_verified", retry: "unsafe" })
    assert.deepStrictEqual(asSuccessDisposition(dispositionOf("delivered_unverified")), { delivery: "delivered_unverified", retry: "unsafe" })
    assert.deepStrictEqual(asSuccessDisposition(dispositionOf("not_delivered")), { delivery: "not_delivered", retry: "safe" })
    assert.strictEqual(asSuccessDisposition(dispositionOf("delivery_uncertain")), undefined)
    assert.strictEqual(asSuccessDisposition(dispositionOf("unknown")), undefined)
  })
})
