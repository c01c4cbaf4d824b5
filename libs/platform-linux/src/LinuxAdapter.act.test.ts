import { PlatformError, StepJournal, type ActionOptions, type ObservedNode, type SemanticAction, type WindowInfo } from "@agent-desktop/platform"
import { controlFixture, fixtureControlPath, type FixtureRequest } from "@agent-desktop/desktop"
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { readFileSync } from "node:fs"
import { setTimeout as sleep } from "node:timers/promises"
import { closeTestDesktop, flip, openTestDesktop, run, type TestDesktop } from "../test/VirtualDesktop.js"

let test: TestDesktop | undefined
const adapter = () => test!.adapter
const control = (request: FixtureRequest) => controlFixture(fixtureControlPath(test!.desktop.stateDir), request)
const options = (): ActionOptions => ({ headed: false, deadline: Date.now() + 5000 })

const find = (node: ObservedNode, match: (n: ObservedNode) => boolean): ObservedNode | undefined =>
  match(node) ? node : (node.children ?? []).map((c) => find(c, match)).find(Boolean)

const fixtureWindow = (): Promise<WindowInfo> => run(adapter().resolveWindow({ app: "fixture" }))
const element = async (match: (n: ObservedNode) => boolean, app = "fixture"): Promise<ObservedNode> => {
  const window = await run(adapter().resolveWindow({ app }))
  const tree = await run(adapter().readTree(window, { maxDepth: 100, deadline: Date.now() + 10_000 }))
  const found = find(tree.root, match)
  assert.isDefined(found, "element present in a fresh read")
  return found!
}
const named = (name: string) => element((n) => n.name === name)
const act = (node: ObservedNode, action: SemanticAction) => run(adapter().act({ handle: node.handle, role: node.role }, action, options()))
const stateOf = (node: ObservedNode) => run(adapter().readState({ handle: node.handle, role: node.role }))

/** GTK applies some changes on its next main-loop turn; poll the app's own view briefly. */
const eventually = async <A>(read: () => Promise<A>, ok: (a: A) => boolean): Promise<A> => {
  let last = await read()
  for (let i = 0; i < 40 && !ok(last); i++) {
    await sleep(50)
    last = await read()
  }
  return last
}

describe("LinuxAdapter (acting on the fixture app)", () => {
  beforeAll(async () => {
    test = await openTestDesktop(["fixture"])
  }, 90_000)
  afterAll(() => closeTestDesktop(test), 30_000)

  it("click presses the button: its counter changes and the app prints it", async () => {
    const button = await element((n) => n.role === "button" && /^clicks: \d+$/.test(n.name ?? ""))
    const before = Number(/\d+/.exec(button.name!)![0])
    const steps = await act(button, { kind: "click" })
    assert.deepStrictEqual(steps, [{ label: "Action.DoAction(click)", outcome: "succeeded", mechanism: "semantic_api" }])
    const after = await element((n) => n.handle === button.handle)
    assert.strictEqual(after.name, `clicks: ${before + 1}`)
    const log = await eventually(async () => readFileSync(test!.desktop.apps[0]!.logPath, "utf8"), (text) => text.includes(`clicked ${before + 1}`))
    assert.include(log, `clicked ${before + 1}`)
  })

  it("set_value, type and clear edit the entry; readState reads the text back", async () => {
    const entry = await named("Name")
    await act(entry, { kind: "set_value", value: "typed via AT-SPI ✓" })
    assert.strictEqual((await stateOf(entry)).value, "typed via AT-SPI ✓")
    assert.strictEqual((await control({ op: "state", id: "entry" })).text, "typed via AT-SPI ✓")
    const steps = await act(entry, { kind: "type", text: " more" })
    assert.strictEqual(steps[0]?.label, "EditableText.InsertText")
    assert.strictEqual((await stateOf(entry)).value, "typed via AT-SPI ✓ more")
    await act(entry, { kind: "clear" })
    assert.strictEqual((await stateOf(entry)).value, "")
    assert.strictEqual((await control({ op: "state", id: "entry" })).text, "")
  })

  it("toggle flips the check box and readState reports checked", async () => {
    const check = await named("Enable feature")
    assert.notInclude((await stateOf(check)).states, "checked")
    await act(check, { kind: "toggle" })
    assert.include((await stateOf(check)).states, "checked")
    assert.isTrue((await control({ op: "state", id: "check" })).active)
    await act(check, { kind: "toggle" })
    assert.notInclude((await stateOf(check)).states, "checked")
  })

  it("set_value on the spin button and the slider goes through Value.CurrentValue", async () => {
    const spin = await named("Amount")
    assert.deepStrictEqual(await act(spin, { kind: "set_value", value: "77" }), [
      { label: "Value.CurrentValue", outcome: "succeeded", mechanism: "semantic_api" }
    ])
    assert.strictEqual((await stateOf(spin)).value, "77")
    assert.strictEqual((await control({ op: "state", id: "spin" })).value, 77)
    const slider = await named("Level")
    await act(slider, { kind: "set_value", value: "8" })
    assert.strictEqual((await stateOf(slider)).value, "8")
  })

  it("select picks a combo box item by name; an unknown item names the choices", async () => {
    const combo = await named("Color")
    await act(combo, { kind: "select", value: "Blue" })
    const state = await eventually(() => control({ op: "state", id: "combo" }), (s) => s.text === "Blue")
    assert.strictEqual(state.text, "Blue")
    assert.strictEqual((await stateOf(combo)).value, "Blue")
    assert.strictEqual((await named("Color")).value, "Blue")
    const error = await flip(adapter().act({ handle: combo.handle, role: combo.role }, { kind: "select", value: "Purple" }, options()))
    assert.strictEqual(error.code, "ELEMENT_NOT_FOUND")
    assert.deepStrictEqual(error.details?.available, ["Red", "Green", "Blue"])
  })

  it("expand opens the expander once; a second expand is skipped as already in state", async () => {
    const expander = await named("More")
    await act(expander, { kind: "expand" })
    const state = await eventually(() => control({ op: "state", id: "expander" }), (s) => s.expanded === true)
    assert.isTrue(state.expanded)
    assert.include((await stateOf(expander)).states, "expanded")
    assert.deepStrictEqual(await act(expander, { kind: "expand" }), [
      { label: "AlreadyInState", outcome: "skipped", mechanism: "semantic_api" }
    ])
    await act(expander, { kind: "collapse" })
    assert.isFalse((await eventually(() => control({ op: "state", id: "expander" }), (s) => s.expanded === false)).expanded)
  })

  it("focus grabs keyboard focus", async () => {
    const entry = await named("Name")
    await act(entry, { kind: "focus" })
    // GTK presents the window too; the X focus-in that makes the entry "focused" arrives a moment later.
    const state = await eventually(() => stateOf(entry), (s) => s.states.includes("focused"))
    assert.include(state.states, "focused")
  })

  it("pressKeys types into the focused entry through the device event controller", async () => {
    const window = await fixtureWindow()
    const entry = await named("Name")
    await act(entry, { kind: "clear" })
    await act(entry, { kind: "focus" })
    const steps = await run(adapter().pressKeys({ modifiers: ["shift"], key: "k" }, window, { headed: true, deadline: Date.now() + 5000 }))
    assert.isTrue(steps.some((s) => s.label.startsWith("DeviceEventController.GenerateKeyboardEvent") && s.outcome === "succeeded"))
    const state = await eventually(() => control({ op: "state", id: "entry" }), (s) => s.text === "K")
    assert.strictEqual(state.text, "K")
  })

  it("a StepJournal hears each message before it goes out and its answer after; one that cannot record stops the keys", async () => {
    const window = await fixtureWindow()
    const entry = await named("Name")
    await act(entry, { kind: "clear" })
    await act(entry, { kind: "focus" })
    const heard: Array<string> = []
    const journal = (refuse: (label: string) => boolean) => StepJournal.of({
      sending: (step, stepsSoFar) => {
        heard.push(`sending ${step.label} after ${stepsSoFar.length}`)
        if (refuse(step.label)) throw new PlatformError({ code: "INTERNAL", message: "cannot record", steps: [...stepsSoFar] })
      },
      // succeeded or skipped (GTK 3 declines a window's GrabFocus): answered either way
      answered: (step) => { heard.push(`${step.outcome === "attempted" ? "unanswered" : "answered"} ${step.label}`) }
    })
    const press = (refuse: (label: string) => boolean) =>
      run(Effect.result(adapter().pressKeys({ modifiers: ["shift"], key: "k" }, window, { headed: true, deadline: Date.now() + 5000 }).pipe(
        Effect.provideService(StepJournal, journal(refuse))
      )))
    assert.strictEqual((await press(() => false))._tag, "Success")
    assert.deepStrictEqual(heard, [
      "sending Component.GrabFocus(window) after 0", "answered Component.GrabFocus(window)",
      "sending DeviceEventController.LockModifiers after 1", "answered DeviceEventController.LockModifiers",
      "sending DeviceEventController.GenerateKeyboardEvent(k) after 2", "answered DeviceEventController.GenerateKeyboardEvent(k)",
      "sending DeviceEventController.UnlockModifiers after 3", "answered DeviceEventController.UnlockModifiers"
    ])
    assert.strictEqual((await eventually(() => control({ op: "state", id: "entry" }), (s) => s.text === "K")).text, "K")

    // The journal cannot record the key: the key is not sent, the locked modifier is still released (a clean-up goes
    // out even unrecorded), and the failure carries the steps that did go out.
    heard.length = 0
    const refused = await press((label) => label.includes("GenerateKeyboardEvent") || label.includes("UnlockModifiers"))
    assert.strictEqual(refused._tag, "Failure")
    if (refused._tag === "Failure") assert.deepStrictEqual(refused.failure.steps?.map((step) => step.label), ["Component.GrabFocus(window)", "DeviceEventController.LockModifiers"])
    assert.notInclude(heard, "answered DeviceEventController.GenerateKeyboardEvent(k)")
    assert.include(heard, "answered DeviceEventController.UnlockModifiers")
    await sleep(300)
    assert.strictEqual((await control({ op: "state", id: "entry" })).text, "K", "nothing more was typed")
    // Shift was released: a plain key now types lowercase.
    await run(adapter().pressKeys({ modifiers: [], key: "j" }, window, { headed: true, deadline: Date.now() + 5000 }))
    assert.strictEqual((await eventually(() => control({ op: "state", id: "entry" }), (s) => s.text === "Kj")).text, "Kj")
  })

  it("an action the element lacks is ACTION_NOT_SUPPORTED with no step taken", async () => {
    const button = await element((n) => n.role === "button" && /^clicks:/.test(n.name ?? ""))
    const error = await flip(adapter().act({ handle: button.handle, role: button.role }, { kind: "set_value", value: "x" }, options()))
    assert.strictEqual(error.code, "ACTION_NOT_SUPPORTED")
    assert.isUndefined(error.steps)
  })

  it("a widget removed after the read gives ELEMENT_NOT_FOUND, not a hang", async () => {
    const added = await control({ op: "add", kind: "button", label: "Doomed" })
    const doomed = await eventually(() => element((n) => n.name !== undefined).then(() => named("Doomed")), () => true)
    await control({ op: "remove", id: added.id! })
    const error = await flip(adapter().act({ handle: doomed.handle, role: doomed.role }, { kind: "click" }, options()))
    assert.strictEqual(error.code, "ELEMENT_NOT_FOUND")
  })

  it("a frozen app gives APP_UNRESPONSIVE within the deadline and claims no step", async () => {
    const frozen = await test!.desktop.launch("grid:2")
    const button = await element((n) => n.name === "button 1", "grid")
    process.kill(frozen.pid, "SIGSTOP")
    try {
      const error = await flip(adapter().act({ handle: button.handle, role: button.role }, { kind: "click" }, { headed: false, deadline: Date.now() + 1500 }))
      assert.strictEqual(error.code, "APP_UNRESPONSIVE")
      assert.isUndefined(error.steps)
      assert.strictEqual((await flip(adapter().resolveWindow({ app: "grid" }))).code, "APP_UNRESPONSIVE")
    } finally {
      process.kill(frozen.pid, "SIGCONT")
      process.kill(frozen.pid, "SIGKILL")
    }
  })

  it("an app killed between read and action gives APP_NOT_FOUND, not a hang", async () => {
    const grid = await test!.desktop.launch("grid:3")
    const button = await element((n) => n.name === "button 1", "grid")
    const window = await run(adapter().resolveWindow({ app: "grid" }))
    process.kill(grid.pid, "SIGKILL")
    const error = await flip(adapter().act({ handle: button.handle, role: button.role }, { kind: "click" }, options()))
    assert.strictEqual(error.code, "APP_NOT_FOUND")
    const readError = await flip(adapter().readTree(window, { maxDepth: 10, deadline: Date.now() + 5000 }))
    assert.include(["APP_NOT_FOUND", "WINDOW_NOT_FOUND"], readError.code, `${readError.message} ${readError.platformDetail}`)
    assert.strictEqual((await flip(adapter().resolveWindow({ app: "grid" }))).code, "APP_NOT_FOUND")
  })
})
