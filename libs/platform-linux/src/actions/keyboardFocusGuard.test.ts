import { assert, describe, it } from "@effect/vitest"
import { Accessible } from "../atspi/Accessible.js"
import type { ObjectRef } from "../atspi/AtspiSession.js"
import { Paths } from "../atspi/Interfaces.js"
import { AtspiRole } from "../atspi/Roles.js"
import { fakeApp } from "../atspi/testing/fakeApp.js"
import { gecko } from "../toolkits/gecko/profile.js"
import type { KeyboardFocus } from "@agent-desktop/platform"
import type { KeyboardFocusControl } from "../display/sessionWindows.js"
import type { ActContext } from "./ActContext.js"
import { ensureKeyboardFocus, refuseForeignKeyboardFocus } from "./keyboardFocusGuard.js"
import { StepLog } from "./StepLog.js"
import { failure } from "./testing/failure.js"
import { rawNode } from "./testing/rawNode.js"

const appPid = 4242
const field: ObjectRef = { busName: ":1.7", path: "/org/a11y/atspi/accessible/9" }
const window = "/org/a11y/atspi/accessible/3"

/** A field two levels below its window "Form — Mozilla Firefox"; the bus says the app is pid 4242. */
const { session } = fakeApp(gecko, {
  [field.path]: { role: AtspiRole.entry, parent: window },
  [window]: { role: AtspiRole.frame, name: "Form — Mozilla Firefox", parent: Paths.root }
}, { onRegistry: () => appPid })

/**
 * The X focus answers `answers` in turn (the last from then on); the app's window is "0x42" unless told (null:
 * none known by its pid); `asked` records the window lookups and focus requests.
 */
const xFocus = (answers: ReadonlyArray<KeyboardFocus>, focusWindowAnswers = true, window: string | null = "0x42") => {
  let reads = 0
  const asked: Array<string> = []
  const control: KeyboardFocusControl = {
    focus: () => Promise.resolve(answers[Math.min(reads++, answers.length - 1)]!),
    windowOf: (pid, title) => {
      asked.push(`window of ${pid} "${title}"`)
      return Promise.resolve(window ?? undefined)
    },
    focusWindow: (xid) => {
      asked.push(`focus ${xid}`)
      return Promise.resolve(focusWindowAnswers)
    }
  }
  return { control, asked }
}

const context = (control: KeyboardFocusControl, steps = new StepLog(undefined)): ActContext => ({
  session,
  node: rawNode({ ref: field }),
  accessible: Accessible.of(session, field),
  steps,
  deadline: Date.now() + 3000,
  options: { headed: true, deadline: Date.now() + 3000 },
  keyboardFocus: control
})

describe("ensureKeyboardFocus", () => {
  it("the app's window already has the keyboard focus: nothing is sent", async () => {
    const x = xFocus([{ kind: "pid", pid: appPid }])
    const steps = new StepLog(undefined)
    await ensureKeyboardFocus(context(x.control, steps))
    assert.deepStrictEqual(x.asked, [])
    assert.deepStrictEqual(steps.all, [])
  })

  it("another app has it (Chromium next to Firefox ESR 153): the field's window is asked for it by title, and the focus waited for", async () => {
    const x = xFocus([{ kind: "pid", pid: 77 }, { kind: "pid", pid: 77 }, { kind: "pid", pid: appPid }])
    const steps = new StepLog(undefined)
    await ensureKeyboardFocus(context(x.control, steps))
    assert.deepStrictEqual(x.asked, [`window of ${appPid} "Form — Mozilla Firefox"`, "focus 0x42"])
    assert.deepStrictEqual(steps.all, [{ label: "X11.FocusWindow", outcome: "succeeded", mechanism: "physical_synthetic" }])
  })

  it("a focus that stays with another app is ACTION_FAILED, naming both, before any key", async () => {
    const x = xFocus([{ kind: "pid", pid: 77 }])
    const error = await failure(ensureKeyboardFocus(context(x.control)))
    assert.strictEqual(error.code, "ACTION_FAILED")
    assert.include(error.message, "pid 77")
    assert.deepStrictEqual(error.details, { kind: "keyboard_focus_elsewhere", app_pid: appPid, focus_pid: 77 })
  })

  it("the window would not take the focus: ACTION_FAILED with the declined step", async () => {
    const x = xFocus([{ kind: "none" }], false)
    const error = await failure(ensureKeyboardFocus(context(x.control)))
    assert.strictEqual(error.code, "ACTION_FAILED")
    assert.deepStrictEqual(error.steps, [{ label: "X11.FocusWindow", outcome: "skipped", mechanism: "physical_synthetic" }])
  })

  it("no window of the app is known by its pid (no _NET_WM_PID, a sandbox's pid namespace): nothing sent, the keys go as before", async () => {
    const x = xFocus([{ kind: "pid", pid: 77 }], true, null)
    const steps = new StepLog(undefined)
    await ensureKeyboardFocus(context(x.control, steps))
    assert.deepStrictEqual(steps.all, [])
  })

  it("where the focus cannot be told (no display, no xdotool) nothing is checked", async () => {
    const x = xFocus([{ kind: "unknown" }])
    await ensureKeyboardFocus(context(x.control))
    assert.deepStrictEqual(x.asked, [])
  })
})

describe("refuseForeignKeyboardFocus (headless keys)", () => {
  const target = (control: KeyboardFocusControl) => ({
    session, busName: field.busName, title: () => Promise.resolve("Form — Mozilla Firefox"), deadline: Date.now() + 3000, control
  })

  it("another app's window has the X keyboard focus: POLICY_DENIED window_not_active, no focus asked for", async () => {
    const x = xFocus([{ kind: "pid", pid: 99 }])
    const error = await failure(refuseForeignKeyboardFocus(target(x.control)))
    assert.strictEqual(error.code, "POLICY_DENIED")
    assert.deepInclude(error.details, { kind: "window_not_active", app_pid: appPid, focus_pid: 99 })
    assert.notInclude(x.asked.join(" "), "focus ")
  })

  it("goes ahead where the focus is the app's, nobody's (a bare Xvfb's PointerRoot), unknown, or the app's windows carry no pid", async () => {
    for (const answers of [[{ kind: "pid", pid: appPid }], [{ kind: "none" }], [{ kind: "unknown" }]] as const) {
      await refuseForeignKeyboardFocus(target(xFocus(answers).control))
    }
    await refuseForeignKeyboardFocus(target(xFocus([{ kind: "pid", pid: 99 }], true, null).control))
  })
})
