import { assert, describe, it } from "@effect/vitest"
import type { AppCall, AtspiSession, ObjectRef } from "../atspi/AtspiSession.js"
import { gecko } from "../toolkits/gecko.js"
import { gtk3 } from "../toolkits/gtk3.js"
import type { ToolkitProfile } from "../toolkits/ToolkitProfile.js"
import type { KeyboardFocus, KeyboardFocusControl } from "../x11/KeyboardFocus.js"
import { pressKeys } from "./pressKeys.js"

const window: ObjectRef = { busName: ":1.7", path: "/org/a11y/atspi/accessible/1" }

/** An app (pid 4242) whose window is named "Form"; every app message and registry call is recorded. */
const sessionWith = (profile: ToolkitProfile, sent: Array<string>) => ({
  toolkits: { profileOf: () => Promise.resolve(profile), profileNow: () => profile },
  call: (_target: ObjectRef, spec: AppCall) => {
    sent.push(`app ${spec.member}`)
    return Promise.resolve(spec.member === "Get" ? [[[{ type: "s" }], ["Form"]]] : [true])
  },
  bus: {
    call: (message: { member: string }) => {
      sent.push(`registry ${message.member}`)
      return Promise.resolve(message.member === "GetConnectionUnixProcessID" ? [4242] : [])
    }
  }
}) as unknown as AtspiSession

const focusWith = (focus: KeyboardFocus): KeyboardFocusControl => ({
  focus: () => Promise.resolve(focus), windowOf: () => Promise.resolve("0x42"), focusWindow: () => Promise.resolve(true)
})

describe("pressKeys --headed with a window", () => {
  const options = { headed: true, deadline: Date.now() + 5000 }

  it("Firefox ESR 153: no GrabFocus on the window (it blurs the field the keys are for); the X focus is checked instead", async () => {
    const sent: Array<string> = []
    const steps = await pressKeys(sessionWith(gecko, sent), { key: "return", modifiers: [] }, window, options, undefined, focusWith({ kind: "pid", pid: 4242 }))
    assert.notInclude(sent, "app GrabFocus")
    assert.deepStrictEqual(steps.map((s) => s.label), ["DeviceEventController.GenerateKeyboardEvent(return)"])
  })

  it("Firefox with another app's window focused: the X focus is asked for before the key", async () => {
    const sent: Array<string> = []
    let reads = 0
    const control: KeyboardFocusControl = {
      focus: () => Promise.resolve(reads++ === 0 ? { kind: "pid", pid: 77 } : { kind: "pid", pid: 4242 }),
      windowOf: () => Promise.resolve("0x42"),
      focusWindow: () => Promise.resolve(true)
    }
    const steps = await pressKeys(sessionWith(gecko, sent), { key: "return", modifiers: [] }, window, options, undefined, control)
    assert.deepStrictEqual(steps.map((s) => s.label), ["X11.FocusWindow", "DeviceEventController.GenerateKeyboardEvent(return)"])
  })

  it("elsewhere (GTK 3): GrabFocus on the window first, as before", async () => {
    const sent: Array<string> = []
    const steps = await pressKeys(sessionWith(gtk3, sent), { key: "return", modifiers: [] }, window, options, undefined, focusWith({ kind: "unknown" }))
    assert.include(sent, "app GrabFocus")
    assert.deepStrictEqual(steps.map((s) => s.label), ["Component.GrabFocus(window)", "DeviceEventController.GenerateKeyboardEvent(return)"])
  })
})
