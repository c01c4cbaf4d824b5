import { Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { refuseAppFlags } from "./appNameUnknown.js"

describe("refuseAppFlags", () => {
  it("lets a call without --app or --expected-app through", () => {
    const args: Parameters<typeof refuseAppFlags>[0] & { readonly text: string; readonly expected_title: string } = { text: "mail", expected_title: "New" }
    expect(Exit.isSuccess(Effect.runSyncExit(refuseAppFlags(args)))).toBe(true)
  })

  it("refuses --app and --expected-app with PLATFORM_NOT_SUPPORTED naming both and why", () => {
    const exit = Effect.runSyncExit(refuseAppFlags({ app: "Mail", expected_app: "Mail" }))
    expect(Exit.isFailure(exit)).toBe(true)
    const error = Exit.isFailure(exit) ? (exit.cause.reasons[0] as { error: any }).error : undefined
    expect(error.code).toBe("PLATFORM_NOT_SUPPORTED")
    expect(error.delivery).toBe("not_delivered")
    expect(error.details).toEqual({ kind: "notification_app_unknown", flags: ["--app", "--expected-app"] })
    expect(error.message).toMatch(/xfce4-notifyd/)
  })
})
