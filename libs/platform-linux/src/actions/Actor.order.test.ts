import { assert, describe, it } from "@effect/vitest"
import type { DeliveryStep, SemanticAction, StepJournal } from "@agent-desktop/platform"
import type { AppCall, AtspiSession, ObjectRef } from "../atspi/AtspiSession.js"
import { AtspiRole } from "../atspi/Roles.js"
import { AtspiState } from "../atspi/States.js"
import { gecko } from "../toolkits/gecko.js"
import type { ToolkitProfile } from "../toolkits/ToolkitProfile.js"
import { Actor } from "./Actor.js"
import { KeySynth, keysymOf, modifierMask } from "./Keys.js"
import { failure } from "./testing/failure.js"

/** The messages that change something, in the order they went out, interleaved with what the journal heard. */
type Event = string

const low = (...states: Array<number>) => states.reduce((acc, state) => acc | (1 << state), 0)
const visible = [AtspiState.enabled, AtspiState.sensitive, AtspiState.visible, AtspiState.showing]
const reads = new Set(["GetAll", "Get", "GetRole", "GetState", "GetInterfaces", "GetActions", "GetName", "GetText", "GetChildren"])

/**
 * A stand-in for one element of one app: reads answer from `element` (GetText answers `text()`), every other
 * message and every registry (DeviceEventController) call is recorded in `events` and answers `true`.
 */
const fakeSession = (profile: ToolkitProfile, element: { role: number; states: number; interfaces: Array<string>; text: () => string }, events: Array<Event>) => {
  const property = (name: string): unknown => ({ Name: "Field", Description: "", ChildCount: 0 } as Record<string, unknown>)[name]
  const fake = {
    toolkits: { profileOf: () => Promise.resolve(profile), profileNow: () => profile },
    call: (_target: ObjectRef, spec: AppCall) => {
      if (!reads.has(spec.member)) {
        events.push(`app ${spec.member}`)
        return Promise.resolve([true])
      }
      switch (spec.member) {
        case "GetRole": return Promise.resolve([element.role])
        case "GetState": return Promise.resolve([[element.states, 0]])
        case "GetInterfaces": return Promise.resolve([element.interfaces.map((name) => `org.a11y.atspi.${name}`)])
        case "GetText": return Promise.resolve([element.text()])
        case "Get": return Promise.resolve([[[], [property(String(spec.body?.[1]))]]])
        default: return Promise.resolve([])
      }
    },
    bus: {
      call: (message: { member: string; body: ReadonlyArray<unknown> }) => {
        events.push(`registry ${message.member}(${message.body.join(",")})`)
        return Promise.resolve([])
      }
    }
  }
  return fake as unknown as AtspiSession
}

const journalOf = (events: Array<Event>): StepJournal["Service"] => ({
  sending: (step) => { events.push(`sending ${step.label}`) },
  answered: (step) => { events.push(`answered ${step.label} ${step.outcome}`) }
})

const act = (session: AtspiSession, action: SemanticAction, headed: boolean, events: Array<Event>) =>
  // The X keyboard focus cannot be told here (keyboardFocusGuard.test.ts covers it): no X call, no pid lookup.
  new Actor(session, {
    focus: () => Promise.resolve({ kind: "unknown" }), windowOf: () => Promise.resolve(undefined), focusWindow: () => Promise.resolve(false)
  }).act({ handle: ":1.5|/org/a11y/atspi/accessible/9", role: "textfield" }, action, {
    headed,
    deadline: Date.now() + 5000
  }, journalOf(events))

const firefoxEntry = (events: Array<Event>, text: () => string) =>
  fakeSession(gecko, {
    role: AtspiRole.entry,
    states: low(...visible, AtspiState.editable, AtspiState.focusable, AtspiState.focused),
    interfaces: ["Accessible", "Component", "Text", "EditableText"],
    text
  }, events)

describe("Actor: messages, journal and steps in order", () => {
  it("headed set-value into an inert EditableText (Firefox): focus, ctrl+a, BackSpace, the string; each journalled before it goes out", async () => {
    const events: Array<Event> = []
    const steps = await act(firefoxEntry(events, () => "hello"), { kind: "set_value", value: "hello" }, true, events)
    const ctrl = modifierMask("ctrl")
    const label = (step: DeliveryStep) => `${step.label} ${step.outcome} ${step.mechanism}`
    assert.deepStrictEqual(steps.map(label), [
      "Component.GrabFocus succeeded semantic_api",
      "DeviceEventController.LockModifiers succeeded physical_synthetic",
      "DeviceEventController.GenerateKeyboardEvent(ctrl+a) succeeded physical_synthetic",
      "DeviceEventController.UnlockModifiers succeeded physical_synthetic",
      "DeviceEventController.GenerateKeyboardEvent(BackSpace) succeeded physical_synthetic",
      "DeviceEventController.GenerateKeyboardEvent(string) succeeded physical_synthetic"
    ])
    assert.deepStrictEqual(events, [
      "sending Component.GrabFocus", "app GrabFocus", "answered Component.GrabFocus succeeded",
      "sending DeviceEventController.LockModifiers", `registry GenerateKeyboardEvent(${ctrl},,${KeySynth.lockModifiers})`,
      "answered DeviceEventController.LockModifiers succeeded",
      "sending DeviceEventController.GenerateKeyboardEvent(ctrl+a)", `registry GenerateKeyboardEvent(${keysymOf("a")},,${KeySynth.sym})`,
      "answered DeviceEventController.GenerateKeyboardEvent(ctrl+a) succeeded",
      "sending DeviceEventController.UnlockModifiers", `registry GenerateKeyboardEvent(${ctrl},,${KeySynth.unlockModifiers})`,
      "answered DeviceEventController.UnlockModifiers succeeded",
      "sending DeviceEventController.GenerateKeyboardEvent(BackSpace)", `registry GenerateKeyboardEvent(${keysymOf("backspace")},,${KeySynth.sym})`,
      "answered DeviceEventController.GenerateKeyboardEvent(BackSpace) succeeded",
      "sending DeviceEventController.GenerateKeyboardEvent(string)", `registry GenerateKeyboardEvent(0,hello,${KeySynth.string})`,
      "answered DeviceEventController.GenerateKeyboardEvent(string) succeeded"
    ])
  })

  it("headless, the same field is POLICY_DENIED naming --headed and the toolkit; nothing is sent or journalled", async () => {
    const events: Array<Event> = []
    const error = await failure(act(firefoxEntry(events, () => ""), { kind: "type", text: "x" }, false, events))
    assert.strictEqual(error.code, "POLICY_DENIED")
    assert.deepStrictEqual(error.details, { headed_required: true, toolkit: "gecko" })
    assert.deepStrictEqual(events, [])
  })

  it("expanding what is already expanded answers AlreadyInState and sends nothing", async () => {
    const events: Array<Event> = []
    const session = fakeSession(gecko, {
      role: AtspiRole.comboBox,
      states: low(...visible, AtspiState.expandable, AtspiState.expanded),
      interfaces: ["Accessible", "Component", "Action"],
      text: () => ""
    }, events)
    assert.deepStrictEqual(await act(session, { kind: "expand" }, false, events), [
      { label: "AlreadyInState", outcome: "skipped", mechanism: "semantic_api" }
    ])
    assert.deepStrictEqual(events, [])
  })
})
