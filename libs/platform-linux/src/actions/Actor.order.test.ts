import { assert, describe, it } from "@effect/vitest"
import type { DeliveryStep, SemanticAction, StepJournal } from "@agent-desktop/platform"
import { AtspiRole } from "../atspi/Roles.js"
import { AtspiState } from "../atspi/States.js"
import { fakeApp, fakeHandle, sentLine, type FakeApp, type FakeObject } from "../atspi/testing/fakeApp.js"
import { chromium } from "../toolkits/chromium/profile.js"
import { gecko } from "../toolkits/gecko/profile.js"
import type { ToolkitProfile } from "../toolkits/ToolkitProfile.js"
import { Actor } from "./Actor.js"
import { KeySynth, keysymOf, modifierMask } from "./Keys.js"
import { failure } from "./testing/failure.js"

const visible = [AtspiState.enabled, AtspiState.sensitive, AtspiState.visible, AtspiState.showing]
const field = "/org/a11y/atspi/accessible/9"

/**
 * One element of one app, named "Field". Its `sent` holds the messages that change something (every one that is not
 * a read, every registry (DeviceEventController) call), in the order they went out, interleaved with what the journal
 * heard.
 */
const appWith = (profile: ToolkitProfile, element: FakeObject) =>
  fakeApp(profile, { [field]: { name: "Field", ...element } }, { record: (call) => (call.to === "app" && !call.read ? `app ${call.member}` : sentLine(call)) })

const journalOf = (events: Array<string>): StepJournal["Service"] => ({
  sending: (step) => { events.push(`sending ${step.label}`) },
  answered: (step) => { events.push(`answered ${step.label} ${step.outcome}`) }
})

const act = (app: FakeApp, action: SemanticAction, headed: boolean) =>
  // The X keyboard focus cannot be told here (keyboardFocusGuard.test.ts covers it): no X call, no pid lookup.
  new Actor(app.session, {
    focus: () => Promise.resolve({ kind: "unknown" }), windowOf: () => Promise.resolve(undefined), focusWindow: () => Promise.resolve(false)
  }).act(fakeHandle(field), action, {
    headed,
    deadline: Date.now() + 5000
  }, journalOf(app.sent))

/** What was sent, less the bus daemon's pid lookup (a read: the refusal names the app's pid). */
const changes = (app: FakeApp) => app.sent.filter((line) => !line.includes("GetConnectionUnixProcessID"))

const firefoxEntry = (text: string) =>
  appWith(gecko, {
    role: AtspiRole.entry,
    states: [...visible, AtspiState.editable, AtspiState.focusable, AtspiState.focused],
    interfaces: ["Component", "Text", "EditableText"],
    text
  })

describe("Actor: messages, journal and steps in order", () => {
  it("headed set-value into an inert EditableText (Firefox): focus, ctrl+a, BackSpace, the string; each journalled before it goes out", async () => {
    const app = firefoxEntry("hello")
    const steps = await act(app, { kind: "set_value", value: "hello" }, true)
    const ctrl = modifierMask("ctrl")
    const label = (step: DeliveryStep) => `${step.label} ${step.outcome} ${step.mechanism}`
    assert.deepStrictEqual(steps.map(label), [
      "Component.GrabFocus succeeded semantic_api",
      "DeviceEventController.LockModifiers succeeded physical_synthetic",
      "DeviceEventController.GenerateKeyboardEvent(ctrl+a) succeeded physical_synthetic",
      "DeviceEventController.UnlockModifiers succeeded physical_synthetic",
      "DeviceEventController.GenerateKeyboardEvent(BackSpace) succeeded physical_synthetic",
      "Keyboard.typeText(5 keys) succeeded physical_synthetic"
    ])
    assert.deepStrictEqual(app.sent, [
      "sending Component.GrabFocus", "app GrabFocus", "answered Component.GrabFocus succeeded",
      "sending DeviceEventController.LockModifiers", `registry GenerateKeyboardEvent(${ctrl},,${KeySynth.lockModifiers})`,
      "answered DeviceEventController.LockModifiers succeeded",
      "sending DeviceEventController.GenerateKeyboardEvent(ctrl+a)", `registry GenerateKeyboardEvent(${keysymOf("a")},,${KeySynth.sym})`,
      "answered DeviceEventController.GenerateKeyboardEvent(ctrl+a) succeeded",
      "sending DeviceEventController.UnlockModifiers", `registry GenerateKeyboardEvent(${ctrl},,${KeySynth.unlockModifiers})`,
      "answered DeviceEventController.UnlockModifiers succeeded",
      "sending DeviceEventController.GenerateKeyboardEvent(BackSpace)", `registry GenerateKeyboardEvent(${keysymOf("backspace")},,${KeySynth.sym})`,
      "answered DeviceEventController.GenerateKeyboardEvent(BackSpace) succeeded",
      "sending Keyboard.typeText(5 keys)",
      ...[..."hello"].map((char) => `registry GenerateKeyboardEvent(${keysymOf(char)},,${KeySynth.sym})`),
      "answered Keyboard.typeText(5 keys) succeeded"
    ])
  })

  it("headless, the same field is POLICY_DENIED naming --headed and the toolkit; nothing is sent or journalled", async () => {
    const app = firefoxEntry("")
    const error = await failure(act(app, { kind: "type", text: "x" }, false))
    assert.strictEqual(error.code, "POLICY_DENIED")
    assert.deepStrictEqual(error.details, { headed_required: true, toolkit: "gecko", reason: "editable_text_inert", window_title: "Field" })
    assert.include(error.message, "lists EditableText on it but leaves the field unchanged")
    assert.include(error.message, "launch firefox --cdp")
    assert.deepStrictEqual(changes(app), [])
  })

  it("headless, a Chromium field (no EditableText) is POLICY_DENIED saying it has none; nothing is sent", async () => {
    const app = appWith(chromium, {
      role: AtspiRole.entry,
      states: [...visible, AtspiState.editable, AtspiState.focusable],
      interfaces: ["Component", "Text"],
      text: ""
    })
    const error = await failure(act(app, { kind: "type", text: "x" }, false))
    assert.strictEqual(error.code, "POLICY_DENIED")
    assert.deepStrictEqual(error.details, { headed_required: true, toolkit: "chromium", reason: "no_editable_text", window_title: "Field" })
    assert.include(error.message, "chromium gives it no EditableText")
    assert.include(error.message, "launch --cdp")
    assert.deepStrictEqual(changes(app), [])
  })

  it("expanding what is already expanded answers AlreadyInState and sends nothing", async () => {
    const app = appWith(gecko, {
      role: AtspiRole.comboBox,
      states: [...visible, AtspiState.expandable, AtspiState.expanded],
      interfaces: ["Component", "Action"]
    })
    assert.deepStrictEqual(await act(app, { kind: "expand" }, false), [
      { label: "AlreadyInState", outcome: "skipped", mechanism: "semantic_api" }
    ])
    assert.deepStrictEqual(app.sent, [])
  })
})
