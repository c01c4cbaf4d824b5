import { assert, describe, it } from "@effect/vitest"
import { isLegalDisposition } from "@agent-desktop/domain"
import { Effect, Ref } from "effect"
import { ActionFailed, desktopError, SnapshotNotFound, StaleRef, type ErrorCode } from "./errors/DesktopError.js"
import { toErrorBody } from "./errors/toErrorBody.js"
import { isSafeToRetry, safeRetry } from "./Retry.js"

const CODES: ReadonlyArray<ErrorCode> = [
  "INVALID_ARGS", "ELEMENT_NOT_FOUND", "APP_NOT_FOUND", "WINDOW_NOT_FOUND", "STALE_REF", "AMBIGUOUS_TARGET",
  "SNAPSHOT_NOT_FOUND", "PERM_DENIED", "POLICY_DENIED", "ACTION_FAILED", "ACTION_NOT_SUPPORTED", "APP_UNRESPONSIVE",
  "PLATFORM_NOT_SUPPORTED", "TIMEOUT", "NOTIFICATION_NOT_FOUND", "INTERNAL"
]

const attempts = (error: Parameters<typeof isSafeToRetry>[0]) =>
  Effect.gen(function*() {
    const count = yield* Ref.make(0)
    yield* Ref.update(count, (n) => n + 1).pipe(Effect.andThen(Effect.fail(error)), Effect.retry(safeRetry), Effect.ignore)
    return yield* Ref.get(count)
  })

describe("errors and retry", () => {
  it("gives every code, with every delivery, a legal disposition and recovery only when safe", () => {
    for (const code of CODES) {
      for (const delivery of [undefined, "not_delivered", "delivery_uncertain", "unknown"] as const) {
        const body = toErrorBody(desktopError(code, { message: "m", ...(delivery === undefined ? {} : { delivery }) }))
        assert.isTrue(isLegalDisposition(body.disposition), `${code}/${delivery}`)
        if (body.recovery !== undefined) assert.strictEqual(body.disposition.retry, "safe", `${code}/${delivery}`)
      }
    }
  })

  it("calls a failure safe to retry only when nothing was sent and the same input could succeed", () => {
    assert.isTrue(isSafeToRetry(new SnapshotNotFound({ message: "m" })))
    assert.isFalse(isSafeToRetry(new ActionFailed({ message: "m", delivery: "delivered_unverified" })))
    assert.isFalse(isSafeToRetry(new StaleRef({ message: "m", details: { kind: "saved_ref_absent" } })))
  })

  it.live("retries a safe failure a bounded number of times, and an unsafe one never", () =>
    Effect.gen(function*() {
      assert.strictEqual(yield* attempts(new SnapshotNotFound({ message: "m", delivery: "not_delivered" })), 3)
      assert.strictEqual(yield* attempts(new ActionFailed({ message: "m", delivery: "delivery_uncertain" })), 1)
      assert.strictEqual(yield* attempts(new ActionFailed({ message: "m", delivery: "unknown" })), 1)
    }))
})
