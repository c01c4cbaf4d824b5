import { Effect } from "effect"
import { describe, expectTypeOf, it } from "vitest"
import { get } from "./get.js"
import { is } from "./is.js"
import { press } from "./press.js"
import type { ContractHandler } from "./registry.js"

// Compile-time checks (tsc -b runs over this file): each `@ts-expect-error` line must fail to type-check, or tsc
// reports the directive as unused. They show the registry's `satisfies` rejects a handler whose data is wrong.
describe("handlers typed by the contract's 2.6 data", () => {
  it("accepts the real handlers and data of the right shape", () => {
    const real: [ContractHandler<"get">, ContractHandler<"is">, ContractHandler<"press">] = [get, is, press]
    expectTypeOf(real).toBeArray()
    const good: ContractHandler<"get"> = () => Effect.succeed({ property: "text", ref: "@s1:e1", value: null })
    expectTypeOf(good).toBeFunction()
  })

  it("rejects a wrong enum value, a missing field, a wrong field type and an error-only disposition", () => {
    // @ts-expect-error "colour" is not one of get's properties
    const wrongEnum: ContractHandler<"get"> = () => Effect.succeed({ property: "colour", ref: "@s1:e1", value: null })
    // @ts-expect-error is data needs `result`
    const missing: ContractHandler<"is"> = () => Effect.succeed({ property: "visible", ref: "@s1:e1", applicable: true })
    // @ts-expect-error `applicable` is a boolean
    const wrongType: ContractHandler<"is"> = () => Effect.succeed({ property: "visible", ref: "@s1:e1", result: true, applicable: "yes" })
    const badDisposition: ContractHandler<"press"> = () =>
      // @ts-expect-error a success never carries delivery_uncertain
      Effect.succeed({ action: "press", disposition: { delivery: "delivery_uncertain", retry: "unsafe" }, steps: [] })
    expectTypeOf([wrongEnum, missing, wrongType, badDisposition]).toBeArray()
  })
})
