/**
 * The ScreenCast portal's conversation against a scripted bus (pure logic: which calls go out, how each Request's
 * Response is awaited, what a silent or refusing user leads to). The real portal is in the GNOME e2e suite.
 */
import { describe, expect, it } from "vitest"
import type { DbusCall, DbusMessage, DbusSignalMessage } from "./DbusCall.js"
import { PortalScreenCast, PortalScreenCastFailed, streamsOf } from "./PortalScreenCast.js"

const START_RESULTS = [
  ["streams", ["a(ua{sv})", [[[57, [["position", ["(ii)", [[0, 0]]]], ["size", ["(ii)", [[1280, 1024]]]], ["source_type", ["u", [1]]]]]]]]],
  ["restore_token", ["s", ["tok-2"]]]
]

/** A bus whose portal answers each request with `answer(member)` (undefined: never answers). */
const scriptedBus = (answer: (member: string) => [number, unknown] | undefined) => {
  const sent: Array<DbusMessage> = []
  let onSignal: ((signal: DbusSignalMessage) => void) | undefined
  let n = 0
  const call = (async (message: DbusMessage) => {
    sent.push(message)
    if (message.interface !== "org.freedesktop.portal.ScreenCast") return []
    const handle = `/org/freedesktop/portal/desktop/request/1_2/t${n++}`
    const response = answer(message.member)
    if (response !== undefined) setTimeout(() => onSignal?.({ path: handle, interface: "org.freedesktop.portal.Request", member: "Response", body: response }), 5)
    return [handle]
  }) as DbusCall
  Object.assign(call, { listen: async (_rule: string, f: (signal: DbusSignalMessage) => void) => ((onSignal = f), () => (onSignal = undefined)) })
  return { call, sent }
}

const created: [number, unknown] = [0, [["session_handle", ["s", ["/org/freedesktop/portal/desktop/session/1_2/s"]]]]]

describe("the ScreenCast portal session", () => {
  it("reads the streams (node, position, size) of Start's answer", () => {
    expect(streamsOf(START_RESULTS)).toEqual([{ node: 57, bounds: { x: 0, y: 0, width: 1280, height: 1024 } }])
    expect(streamsOf([])).toEqual([])
  })

  it("restores with the stored token (persist_mode 2) and answers the portal's next token", async () => {
    const { call, sent } = scriptedBus((member) => (member === "CreateSession" ? created : member === "Start" ? [0, START_RESULTS] : [0, []]))
    const session = await PortalScreenCast.start(call, { restoreToken: "tok-1", consentWaitMs: 1000 })
    expect(session.restoreToken).toBe("tok-2")
    expect(session.streams[0]?.node).toBe(57)
    const select = sent.find((m) => m.member === "SelectSources")!
    expect(select.body?.[0]).toBe("/org/freedesktop/portal/desktop/session/1_2/s")
    expect(select.body?.[1]).toEqual(expect.arrayContaining([["types", ["u", 1]], ["persist_mode", ["u", 2]], ["restore_token", ["s", "tok-1"]]]))
  })

  it("nobody answers the consent dialog: the request is closed, the session too, and it refuses within the wait", async () => {
    const { call, sent } = scriptedBus((member) => (member === "CreateSession" ? created : member === "Start" ? undefined : [0, []]))
    const begun = Date.now()
    const error = await PortalScreenCast.start(call, { consentWaitMs: 200 }).catch((e: unknown) => e)
    expect(Date.now() - begun).toBeLessThan(2000)
    expect(error).toBeInstanceOf(PortalScreenCastFailed)
    expect((error as PortalScreenCastFailed).kind).toBe("portal_consent_timeout")
    const closes = sent.filter((m) => m.member === "Close").map((m) => m.interface)
    expect(closes).toEqual(["org.freedesktop.portal.Request", "org.freedesktop.portal.Session"])
  })

  it("the user cancels: refused as cancelled, the session closed", async () => {
    const { call, sent } = scriptedBus((member) => (member === "CreateSession" ? created : member === "Start" ? [1, []] : [0, []]))
    const error = await PortalScreenCast.start(call, { consentWaitMs: 1000 }).catch((e: unknown) => e)
    expect((error as PortalScreenCastFailed).kind).toBe("portal_cancelled")
    expect(sent.at(-1)).toMatchObject({ interface: "org.freedesktop.portal.Session", member: "Close" })
  })
})
