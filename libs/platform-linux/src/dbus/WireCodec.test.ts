import { assert, describe, it } from "@effect/vitest"
import { createRequire } from "node:module"
import { decodeMessage, encodeMethodCall, messageLength, Writer, writeMethodCall } from "./WireCodec.js"

// dbus-native's own codec is the reference the dedicated one is checked against, in both directions.
const require = createRequire(import.meta.url)
const reference = require("@homebridge/dbus-native/lib/message.js") as {
  marshall(message: Record<string, unknown>): Buffer
  unmarshall(buffer: Buffer): Record<string, unknown> & { body?: ReadonlyArray<unknown> }
}

const cases: ReadonlyArray<{ signature: string; body: ReadonlyArray<unknown> }> = [
  { signature: "s", body: ["héllo ✓"] },
  { signature: "ss", body: ["org.a11y.atspi.Accessible", "Name"] },
  { signature: "isi", body: [3, "typed", 5] },
  { signature: "iis", body: [-5, 700, "b1c"] },
  { signature: "isu", body: [0xff0d, "", 3] },
  { signature: "sass", body: ["object:children-changed", [], ""] },
  { signature: "sass", body: ["x", ["a", "bb", "ccc"], "y"] },
  { signature: "ssv", body: ["org.a11y.atspi.Value", "CurrentValue", ["d", 77.5]] },
  { signature: "ssv", body: ["org.a11y.Status", "IsEnabled", ["b", true]] },
  { signature: "a(so)", body: [[[":1.2", "/org/a11y/atspi/accessible/1"], [":1.3", "/a"]]] },
  { signature: "au", body: [[1, 4294967295, 0]] },
  { signature: "a{sv}", body: [[["Name", ["s", "x"]], ["ChildCount", ["i", 3]]]] },
  { signature: "a((so)(so)(so)iiassusau)", body: [[[[":1.2", "/a"], [":1.2", "/r"], [":1.2", "/p"], 0, 2, ["org.a11y.atspi.Accessible"], "OK", 43, "", [1, 2]]]] },
  { signature: "(iiii)", body: [[0, -2147483648, 480, 34]] },
  { signature: "yndtx", body: [255, -3, 0.25, 12345678901, -9] }
]

/** Variants: ours are [signature, [value]], dbus-native's [signatureTree, [value]]; compare the values only. */
const isVariant = (value: unknown): value is [unknown, [unknown]] =>
  Array.isArray(value) && value.length === 2 && Array.isArray(value[1]) && value[1].length === 1 &&
  (typeof value[0] === "string" || (Array.isArray(value[0]) && typeof value[0][0]?.type === "string"))
const plain = (value: unknown): unknown =>
  isVariant(value) ? { variant: plain(value[1][0]) } : Array.isArray(value) ? value.map(plain) : value

describe("WireCodec", () => {
  for (const { signature, body } of cases) {
    it(`encodes what dbus-native decodes, and decodes what it encodes: ${signature}`, () => {
      const call = { serial: 7, path: "/org/a11y/atspi/accessible/root", interface: "org.a11y.atspi.Test", member: "Do", destination: ":1.9", signature, body }
      const ours = encodeMethodCall(call)
      assert.strictEqual(messageLength(ours), ours.length)
      const theirs = reference.unmarshall(ours)
      assert.strictEqual(theirs.member, "Do")
      assert.strictEqual(theirs.destination, ":1.9")
      assert.strictEqual(theirs.signature, signature)
      const theirBuffer = reference.marshall({ type: 2, serial: 9, replySerial: 7, signature, body, sender: ":1.9" })
      const decoded = decodeMessage(theirBuffer)
      assert.strictEqual(decoded.type, 2)
      assert.strictEqual(decoded.replySerial, 7)
      assert.strictEqual(decoded.sender, ":1.9")
      assert.deepStrictEqual(plain(decoded.body), plain(theirs.body))
      assert.deepStrictEqual(plain(decodeMessage(ours).body), plain(theirs.body))
    })
  }

  it("reads an error reply's name and message", () => {
    const buffer = reference.marshall({ type: 3, serial: 4, replySerial: 2, errorName: "org.freedesktop.DBus.Error.UnknownObject", signature: "s", body: ["gone"] })
    const decoded = decodeMessage(buffer)
    assert.strictEqual(decoded.errorName, "org.freedesktop.DBus.Error.UnknownObject")
    assert.deepStrictEqual(decoded.body, ["gone"])
  })

  it("encodes a call without a body", () => {
    const buffer = encodeMethodCall({ serial: 1, path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "Hello", destination: "org.freedesktop.DBus" })
    assert.strictEqual(buffer.length, messageLength(buffer))
    assert.strictEqual(buffer.length % 8, 0)
    const decoded = decodeMessage(buffer)
    assert.strictEqual(decoded.type, 1)
    assert.deepStrictEqual(decoded.body, [])
  })

  it("writes calls back to back into one buffer, each aligned from its own start", () => {
    const writer = new Writer(16)
    const calls = cases.map(({ signature, body }, i) => ({ serial: i + 1, path: `/o/${"x".repeat(i)}`, interface: "org.a11y.atspi.Test", member: "Do", signature, body }))
    for (const call of calls) writeMethodCall(writer, call)
    let rest = writer.buffer.subarray(0, writer.length)
    for (const call of calls) {
      const length = messageLength(rest)
      const theirs = reference.unmarshall(rest.subarray(0, length))
      assert.strictEqual(theirs.serial, call.serial)
      assert.strictEqual(theirs.path, call.path)
      assert.deepStrictEqual(plain(theirs.body), plain(reference.unmarshall(encodeMethodCall(call)).body))
      rest = rest.subarray(length)
    }
    assert.strictEqual(rest.length, 0)
  })

  it("leaves the buffer as it was when a body cannot be marshalled", () => {
    const writer = new Writer(64)
    writeMethodCall(writer, { serial: 1, path: "/a", member: "Do", signature: "y", body: [1] })
    const before = writer.length
    assert.throws(() => writeMethodCall(writer, { serial: 2, path: "/a", member: "Do", signature: "v", body: [["ii", 1]] }))
    assert.strictEqual(writer.length, before)
    assert.strictEqual(reference.unmarshall(writer.buffer.subarray(0, writer.length)).serial, 1)
  })

  it("hands a reply's body to the decoder named for its serial, and falls back when it declines", () => {
    const buffer = reference.marshall({ type: 2, serial: 9, replySerial: 7, signature: "su", body: ["x", 5] })
    const mine = decodeMessage(buffer, (serial) => serial === 7 ? (_b, _start, signature) => [`decoded ${signature}`] : undefined)
    assert.deepStrictEqual(mine.body, ["decoded su"])
    assert.deepStrictEqual(decodeMessage(buffer, () => () => undefined).body, ["x", 5])
    assert.deepStrictEqual(decodeMessage(buffer, () => undefined).body, ["x", 5])
  })
})
