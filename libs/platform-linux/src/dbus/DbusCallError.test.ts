import { assert, describe, it } from "@effect/vitest"
import { DbusCallError } from "./DbusCallError.js"

describe("DbusCallError", () => {
  it("knows when the app behind a call is gone", () => {
    assert.isTrue(new DbusCallError("disconnected", "GetRole", undefined, "connection closed").peerGone)
    assert.isTrue(new DbusCallError("remote", "GetRole", "org.freedesktop.DBus.Error.ServiceUnknown", "x").peerGone)
    const recipientDied = "org.freedesktop.DBus.Error.NoReply: Message recipient disconnected from message bus without replying"
    assert.isTrue(new DbusCallError("remote", "GetRole", "org.freedesktop.DBus.Error.NoReply", recipientDied).peerGone)
    assert.isFalse(new DbusCallError("remote", "GetRole", "org.freedesktop.DBus.Error.UnknownObject", "x").peerGone)
    assert.isTrue(new DbusCallError("remote", "GetRole", "org.freedesktop.DBus.Error.UnknownObject", "x").objectGone)
    assert.isFalse(new DbusCallError("timeout", "GetRole", undefined, "no reply").peerGone)
  })
})
