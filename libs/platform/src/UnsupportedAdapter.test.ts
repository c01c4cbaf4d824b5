import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { DesktopAdapter } from "./DesktopAdapter.js"
import { UnsupportedAdapter } from "./UnsupportedAdapter.js"

describe("UnsupportedAdapter", () => {
  it.effect("fails every observation with PLATFORM_NOT_SUPPORTED", () =>
    Effect.gen(function*() {
      const adapter = yield* DesktopAdapter
      const error = yield* Effect.flip(adapter.listApps())
      assert.strictEqual(error.code, "PLATFORM_NOT_SUPPORTED")
    }).pipe(Effect.provide(UnsupportedAdapter)))
})
