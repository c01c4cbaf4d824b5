import { assert, describe, it } from "@effect/vitest"
import type { ObjectRef } from "../atspi/AtspiSession.js"
import { AtspiRole } from "../atspi/Roles.js"
import { fakeApp } from "../atspi/testing/fakeApp.js"
import { gecko } from "../toolkits/gecko/profile.js"
import { gtk3 } from "../toolkits/gtk3/profile.js"
import { gtk4 } from "../toolkits/gtk4/profile.js"
import type { ToolkitProfile } from "../toolkits/ToolkitProfile.js"
import type { KeyboardFocus } from "@agent-desktop/platform"
import type { KeyboardFocusControl } from "../display/sessionWindows.js"
import { DbusCallError } from "../dbus/DbusCallError.js"
import { pressKeys } from "./pressKeys.js"

const window: ObjectRef = { busName: ":1.7", path: "/org/a11y/atspi/accessible/1" }

/** An app (pid 4242) whose window is named "Form"; every app message and registry call is recorded. */
const appWith = (profile: ToolkitProfile, onSend?: (member: string) => unknown) => fakeApp(profile, { [window.path]: { role: AtspiRole.frame, name: "Form" } }, {
  record: (call) => `${call.to} ${call.member}`,
  onRegistry: (member) => (member === "GetConnectionUnixProcessID" ? 4242 : undefined),
  onSend
})

const focusWith = (focus: KeyboardFocus): KeyboardFocusControl => ({
  focus: () => Promise.resolve(focus), windowOf: () => Promise.resolve("0x42"), focusWindow: () => Promise.resolve(true)
})

describe("pressKeys --headed with a window", () => {
  const options = { headed: true, deadline: Date.now() + 5000 }

  it("Firefox ESR 153: no GrabFocus on the window (it blurs the field the keys are for); the X focus is checked instead", async () => {
    const app = appWith(gecko)
    const steps = await pressKeys(app.session, { key: "return", modifiers: [] }, window, options, undefined, focusWith({ kind: "pid", pid: 4242 }))
    assert.notInclude(app.sent, "app GrabFocus")
    assert.deepStrictEqual(steps.map((s) => s.label), ["DeviceEventController.GenerateKeyboardEvent(return)"])
  })

  it("Firefox with another app's window focused: the X focus is asked for before the key", async () => {
    let given = false
    const control: KeyboardFocusControl = {
      focus: () => Promise.resolve(given ? { kind: "pid", pid: 4242 } : { kind: "pid", pid: 77 }),
      windowOf: () => Promise.resolve("0x42"),
      focusWindow: () => Promise.resolve(given = true)
    }
    const steps = await pressKeys(appWith(gecko).session, { key: "return", modifiers: [] }, window, options, undefined, control)
    assert.deepStrictEqual(steps.map((s) => s.label), ["X11.FocusWindow", "DeviceEventController.GenerateKeyboardEvent(return)"])
  })

  it("GTK 4.8 refuses GrabFocus on a window it does not call ACTIVE (a Save As dialog): the X focus decides", async () => {
    const refusing = () => appWith(gtk4, (member) => {
      if (member === "GrabFocus") throw new DbusCallError("remote", member, "org.freedesktop.DBus.Error.NotSupported", "")
    })
    // The dialog's app holds the X focus (the X server's active window): the key goes.
    const held = await pressKeys(refusing().session, { key: "escape", modifiers: [] }, window, options, undefined, focusWith({ kind: "pid", pid: 4242 }))
    assert.deepStrictEqual(held.map((s) => [s.label, s.outcome]), [["Component.GrabFocus(window)", "skipped"], ["DeviceEventController.GenerateKeyboardEvent(escape)", "succeeded"]])
    // Another app's window holds it: the window is asked for it first.
    let given = false
    const control: KeyboardFocusControl = {
      focus: () => Promise.resolve(given ? { kind: "pid", pid: 4242 } : { kind: "pid", pid: 77 }),
      windowOf: () => Promise.resolve("0x42"),
      focusWindow: () => Promise.resolve(given = true)
    }
    const asked = await pressKeys(refusing().session, { key: "escape", modifiers: [] }, window, options, undefined, control)
    assert.deepStrictEqual(asked.map((s) => s.label), ["Component.GrabFocus(window)", "X11.FocusWindow", "DeviceEventController.GenerateKeyboardEvent(escape)"])
    // A focus that cannot be told is no proof: refused, no key sent.
    const untold = refusing()
    const refusal = await pressKeys(untold.session, { key: "escape", modifiers: [] }, window, options, undefined, focusWith({ kind: "unknown" })).then(() => undefined, (error) => error)
    assert.strictEqual(refusal?.code, "ACTION_FAILED")
    assert.notInclude(untold.sent.join("\n"), "GenerateKeyboardEvent")
  })

  it("elsewhere (GTK 3): GrabFocus on the window first, as before", async () => {
    const app = appWith(gtk3)
    const steps = await pressKeys(app.session, { key: "return", modifiers: [] }, window, options, undefined, focusWith({ kind: "unknown" }))
    assert.include(app.sent, "app GrabFocus")
    assert.deepStrictEqual(steps.map((s) => s.label), ["Component.GrabFocus(window)", "DeviceEventController.GenerateKeyboardEvent(return)"])
  })
})
