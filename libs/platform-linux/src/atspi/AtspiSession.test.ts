import { assert, describe, it } from "@effect/vitest"
import type { CallSpec } from "../dbus/DbusConnection.js"
import { AtspiSession } from "./AtspiSession.js"

/**
 * A session over a stand-in bus that answers the toolkit questions for `toolkit` and records every message: which
 * apps were asked for their own socket, and where the calls went.
 */
const sessionFor = (toolkit: string) => {
  const sent: Array<string> = []
  const bus = {
    isOpen: true,
    call: (spec: CallSpec) => {
      sent.push(`${spec.destination} ${spec.member}${spec.body?.[1] ? `(${String(spec.body[1])})` : ""}`)
      if (spec.member === "GetApplicationBusAddress") return Promise.resolve([""])
      const value = spec.body?.[1] === "ToolkitName" ? toolkit : spec.body?.[1] === "Version" ? "156" : toolkit
      if (spec.member === "Get") return Promise.resolve([[[{ type: "s" }], [value]]])
      return Promise.resolve([1])
    },
    close: () => {}
  }
  const Session = AtspiSession as unknown as new (bus: unknown, location: unknown) => AtspiSession
  return { session: new Session(bus, { address: "unix:path=/x", source: "env" }), sent }
}

describe("AtspiSession: the app's own socket", () => {
  it("is never asked for where the profile says peer-to-peer is unsafe (Chromium 156): every call goes through the bus", async () => {
    const { session, sent } = sessionFor("Chromium")
    await session.call({ busName: ":1.9", path: "/org/a11y/atspi/accessible/1" }, { interface: "org.a11y.atspi.Accessible", member: "GetRole" }, 1000)
    assert.notInclude(sent, ":1.9 GetApplicationBusAddress")
    assert.include(sent, ":1.9 GetRole")
    assert.isFalse(session.isDirect(":1.9"))
  })

  it("is asked for elsewhere (here it has none, so the bus serves the call)", async () => {
    const { session, sent } = sessionFor("GTK")
    await session.call({ busName: ":1.4", path: "/org/a11y/atspi/accessible/1" }, { interface: "org.a11y.atspi.Accessible", member: "GetRole" }, 1000)
    assert.include(sent, ":1.4 GetApplicationBusAddress")
    assert.include(sent, ":1.4 GetRole")
  })
})
