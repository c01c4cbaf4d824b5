import { describe, expect, it } from "vitest"
import { eventName, eventOfSignal } from "./AtspiEvent.js"

describe("eventOfSignal", () => {
  it("reads an AT-SPI object event", () => {
    const event = eventOfSignal({
      sender: ":1.42",
      path: "/org/a11y/atspi/accessible/17",
      interface: "org.a11y.atspi.Event.Object",
      member: "StateChanged",
      body: ["focused", 1, 0, ["i", [0]], []]
    })
    expect(event).toEqual({
      klass: "object", major: "state-changed", detail: "focused", detail1: 1, detail2: 0,
      source: { busName: ":1.42", path: "/org/a11y/atspi/accessible/17" }, data: 0
    })
    expect(eventName(event!)).toBe("object:state-changed:focused")
  })

  it("restores a detail the bridge wrote with a slash and names events without a detail", () => {
    const textChanged = eventOfSignal({ sender: ":1.2", path: "/a", interface: "org.a11y.atspi.Event.Object", member: "TextChanged", body: ["insert/system", 0, 3, ["s", ["abc"]]] })
    expect(textChanged?.detail).toBe("insert:system")
    const create = eventOfSignal({ sender: ":1.2", path: "/a", interface: "org.a11y.atspi.Event.Window", member: "Create", body: ["", 0, 0, ["s", ["Title"]]] })
    expect(eventName(create!)).toBe("window:create")
    expect(create?.data).toBe("Title")
    const focus = eventOfSignal({ sender: ":1.2", path: "/a", interface: "org.a11y.atspi.Event.Focus", member: "Focus", body: ["", 0, 0, ["i", [0]]] })
    expect(eventName(focus!)).toBe("focus:")
  })

  it("ignores signals that are not AT-SPI events", () => {
    expect(eventOfSignal({ sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "NameOwnerChanged", body: ["a", "b", ""] })).toBeUndefined()
  })
})
