import { PlatformError, type DesktopAdapterShape, type SemanticAction } from "@agent-desktop/platform"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { CdpSource } from "./CdpSource.js"
import { actWithDevtoolsText } from "./devtoolsTextEntry.js"

/** The platform's headless refusal of keys-only text, as platform-linux words its details. */
const refusal = (details: Record<string, unknown>) =>
  new PlatformError({ code: "POLICY_DENIED", message: "keys only", details: { headed_required: true, toolkit: "chromium", reason: "no_editable_text", ...details } })

/** An adapter whose act answers `answer` and records each action it was asked for. */
const innerActing = (answer: (action: SemanticAction) => Effect.Effect<ReadonlyArray<never>, PlatformError>) => {
  const asked: Array<string> = []
  const inner = { act: (_target: unknown, action: SemanticAction) => (asked.push(action.kind), answer(action)) } as unknown as DesktopAdapterShape
  return { inner, asked }
}

const target = { handle: "atspi:x", role: "textfield" }
const typeAction: SemanticAction = { kind: "type", text: "Ada" }
const run = (inner: DesktopAdapterShape, action: SemanticAction, headed = false) =>
  Effect.runPromise(Effect.flip(actWithDevtoolsText(inner, new CdpSource({}), target, action, { headed, deadline: Date.now() + 5_000 })))

describe("text through a browser's DevTools endpoint", () => {
  it("a process without an endpoint (this test's own) keeps the platform's refusal; only the one action was asked for", async () => {
    const { inner, asked } = innerActing(() => Effect.fail(refusal({ app_pid: process.pid, window_title: "Form - Chromium" })))
    const error = await run(inner, typeAction)
    expect(error).toMatchObject({ code: "POLICY_DENIED", details: { reason: "no_editable_text" } })
    expect(asked).toEqual(["type"])
  })

  it("a refusal without the app's pid, another refusal, a headed call or another action is left as it is", async () => {
    for (const [error, action, headed] of [
      [refusal({ window_title: "Form - Chromium" }), typeAction, false],
      [new PlatformError({ code: "POLICY_DENIED", message: "other", details: { headed_required: true, reason: "dangerous_combo", app_pid: process.pid, window_title: "x" } }), typeAction, false],
      [refusal({ app_pid: process.pid, window_title: "x" }), typeAction, true],
      [refusal({ app_pid: process.pid, window_title: "x" }), { kind: "click" } as SemanticAction, false]
    ] as const) {
      const { inner, asked } = innerActing(() => Effect.fail(error))
      expect(await run(inner, action, headed)).toBe(error)
      expect(asked).toEqual([action.kind])
    }
  })
})
