import { describe, expect, it } from "@effect/vitest"
import { HANDOFF_VARIABLE, takeHandoff } from "./Handoff.js"

describe("takeHandoff", () => {
  it("reads a handoff made for this process and removes it from the environment", () => {
    const env: Record<string, string | undefined> = { [HANDOFF_VARIABLE]: "42;SIGINT;lost;ECONNRESET; and more" }
    expect(takeHandoff(env, 42)).toEqual({ signal: "SIGINT", outcome: "lost", reason: "ECONNRESET; and more" })
    expect(env[HANDOFF_VARIABLE]).toBeUndefined()
    expect(takeHandoff({ [HANDOFF_VARIABLE]: "7;-;declined;" }, 7)).toEqual({ signal: undefined, outcome: "declined", reason: "" })
  })

  it("ignores one inherited from another process, and anything malformed, but still removes it", () => {
    for (const value of ["41;SIGINT;lost;x", "42;SIGKILL;lost;x", "42;-;frobnicate;", "42", "", "x;-;run;"]) {
      const env: Record<string, string | undefined> = { [HANDOFF_VARIABLE]: value }
      expect(takeHandoff(env, 42), value).toBeUndefined()
      expect(env[HANDOFF_VARIABLE]).toBeUndefined()
    }
  })
})
