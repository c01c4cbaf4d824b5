import { assert, describe, it } from "@effect/vitest"
import type { AppCall, AtspiSession, ObjectRef } from "../atspi/AtspiSession.js"
import { AtspiState } from "../atspi/States.js"
import { DbusCallError } from "../dbus/DbusCallError.js"
import { gtk3 } from "../toolkits/gtk3/profile.js"
import { Actor } from "./Actor.js"
import { failure } from "./testing/failure.js"

/** A stand-in for one push button whose DoAction call behaves as told; everything else answers normally. */
const buttonSession = (onDoAction: () => Promise<ReadonlyArray<unknown>>): AtspiSession => {
  const low = (1 << AtspiState.enabled) | (1 << AtspiState.sensitive) | (1 << AtspiState.visible) | (1 << AtspiState.showing)
  const answers: Record<string, ReadonlyArray<unknown>> = {
    GetAll: [[["Name", [[], ["OK"]]], ["Description", [[], [""]]], ["ChildCount", [[], [0]]]]],
    GetRole: [43],
    GetState: [[low, 0]],
    GetInterfaces: [["org.a11y.atspi.Accessible", "org.a11y.atspi.Action", "org.a11y.atspi.Component"]],
    GetActions: [[["click", "", ""]]]
  }
  const fake = {
    toolkits: { profileOf: () => Promise.resolve(gtk3), profileNow: () => gtk3 },
    call: (_target: ObjectRef, spec: AppCall) =>
      spec.member === "DoAction" ? onDoAction() : Promise.resolve(answers[spec.member] ?? [])
  }
  return fake as unknown as AtspiSession
}

const click = (session: AtspiSession) =>
  new Actor(session).act({ handle: ":1.5|/org/a11y/atspi/accessible/9", role: "button" }, { kind: "click" }, {
    headed: false,
    deadline: Date.now() + 5000
  })

describe("Actor evidence", () => {
  it("an accepted DoAction is a succeeded semantic step", async () => {
    assert.deepStrictEqual(await click(buttonSession(async () => [true])), [
      { label: "Action.DoAction(click)", outcome: "succeeded", mechanism: "semantic_api" }
    ])
  })

  it("a DoAction that times out was sent: the step is attempted and the code TIMEOUT", async () => {
    const error = await failure(click(buttonSession(() => Promise.reject(new DbusCallError("timeout", "DoAction", undefined, "no reply")))))
    assert.strictEqual(error.code, "TIMEOUT")
    assert.deepStrictEqual(error.steps, [{ label: "Action.DoAction(click)", outcome: "attempted", mechanism: "semantic_api" }])
  })

  it("a DoAction the toolkit declines is skipped and ACTION_FAILED", async () => {
    const error = await failure(click(buttonSession(async () => [false])))
    assert.strictEqual(error.code, "ACTION_FAILED")
    assert.deepStrictEqual(error.steps, [{ label: "Action.DoAction(click)", outcome: "skipped", mechanism: "semantic_api" }])
  })
})
