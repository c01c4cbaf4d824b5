import { PlatformError, type DesktopAdapterShape, type SemanticAction } from "@agent-desktop/platform"
import { spawn } from "node:child_process"
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

  it("Firefox (gecko) takes the WebDriver BiDi route: without an endpoint the refusal stands, nothing else asked", async () => {
    const { inner, asked } = innerActing(() => Effect.fail(refusal({ toolkit: "gecko", reason: "editable_text_inert", app_pid: process.pid, window_title: "Form — Mozilla Firefox" })))
    expect(await run(inner, typeAction)).toMatchObject({ code: "POLICY_DENIED", details: { toolkit: "gecko" } })
    expect(asked).toEqual(["type"])
  })

  it("with a BiDi endpoint: a character WebDriver cannot send is refused before anything; an endpoint that does not answer sends nothing", async () => {
    // A process whose command line names a BiDi port where nothing listens (port 1 is never served here).
    const child = spawn("/bin/sh", ["-c", "sleep 30; :", "firefox", "--remote-debugging-port=1"], { stdio: "ignore" })
    await new Promise((resolve) => child.once("spawn", resolve))
    try {
      const gecko = refusal({ toolkit: "gecko", reason: "editable_text_inert", app_pid: child.pid, window_title: "Form — Mozilla Firefox" })
      const unsendable = innerActing(() => Effect.fail(gecko))
      expect(await run(unsendable.inner, { kind: "type", text: "a\uE007" })).toMatchObject({
        code: "ACTION_NOT_SUPPORTED", details: { kind: "bidi_unsendable_character", index: 1 }
      })
      expect(unsendable.asked).toEqual(["type"])
      const silent = innerActing(() => Effect.fail(gecko))
      const error = await run(silent.inner, { kind: "set_value", value: "x" })
      expect(error).toMatchObject({ code: "ACTION_FAILED", details: { source: "bidi", sent: false } })
      expect(error.steps ?? []).toEqual([])
      expect(silent.asked).toEqual(["set_value"])
    } finally {
      child.kill("SIGKILL")
    }
  })
})
