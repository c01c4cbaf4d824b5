import { assert, describe, it } from "@effect/vitest"
import { createRequire } from "node:module"
import { decodeMessage } from "../dbus/WireCodec.js"
import { cacheItemsSignature, decodeCacheItems, DecodedCacheItems } from "./CacheItemDecoder.js"

// dbus-native marshals the replies, so the decoder is checked against another implementation's bytes.
const require = createRequire(import.meta.url)
const reference = require("@homebridge/dbus-native/lib/message.js") as { marshall(message: Record<string, unknown>): Buffer }

const app = [":1.42", "/org/a11y/atspi/accessible/root"]
const iface = (names: ReadonlyArray<string>) => names.map((name) => `org.a11y.atspi.${name}`)
const wireItems = [
  [[":1.42", "/org/a11y/atspi/accessible/1"], app, app, 0, 2, iface(["Accessible", "Component"]), "Big page  ", 23, "", [1 << 25 | 1 << 30, 0]],
  [[":1.42", "/org/a11y/atspi/accessible/2"], app, [":1.42", "/org/a11y/atspi/accessible/1"], 0, 0, iface(["Accessible", "Action", "Component"]), "héllo ✓", 43, " a button ", [0, 1 << 11]],
  [[":1.42", "/org/a11y/atspi/accessible/3"], app, [":1.42", "/org/a11y/atspi/accessible/1"], 1, 0, iface(["Accessible", "Action", "Component"]), "", 43, "", [7, 8]],
  [[":1.7", "/x"], app, ["", "/org/a11y/atspi/null"], -1, -1, [...iface(["Accessible"]), "org.example.Other"], "other bus", 1, "", []],
  [[":1.42", "/org/a11y/atspi/accessible/4"], app, [":1.42", "/org/a11y/atspi/accessible/1"], 2, 0, iface(["Accessible", "Action", "Text"]), "same length list", 2, "", [3]]
]

describe("Cache.GetItems decoder", () => {
  it("builds the same items as the generic reader, sharing repeated interface lists", () => {
    const buffer = reference.marshall({ type: 2, serial: 3, replySerial: 1, signature: cacheItemsSignature, body: [wireItems] })
    const [decoded] = decodeMessage(buffer, () => decodeCacheItems).body
    assert.instanceOf(decoded, DecodedCacheItems)
    const items = (decoded as DecodedCacheItems).items
    assert.deepStrictEqual(items.map((item) => ({ ...item, states: [...item.states.numbers()] })), [
      { ref: { busName: ":1.42", path: "/org/a11y/atspi/accessible/1" }, parent: { busName: ":1.42", path: "/org/a11y/atspi/accessible/root" }, indexInParent: 0, childCount: 2, interfaces: ["Accessible", "Component"], name: "Big page", role: 23, description: "", states: [25, 30] },
      { ref: { busName: ":1.42", path: "/org/a11y/atspi/accessible/2" }, parent: { busName: ":1.42", path: "/org/a11y/atspi/accessible/1" }, indexInParent: 0, childCount: 0, interfaces: ["Accessible", "Action", "Component"], name: "héllo ✓", role: 43, description: "a button", states: [43] },
      { ref: { busName: ":1.42", path: "/org/a11y/atspi/accessible/3" }, parent: { busName: ":1.42", path: "/org/a11y/atspi/accessible/1" }, indexInParent: 1, childCount: 0, interfaces: ["Accessible", "Action", "Component"], name: "", role: 43, description: "", states: [0, 1, 2, 35] },
      { ref: { busName: ":1.7", path: "/x" }, parent: { busName: "", path: "/org/a11y/atspi/null" }, indexInParent: -1, childCount: -1, interfaces: ["Accessible", "org.example.Other"], name: "other bus", role: 1, description: "", states: [] },
      { ref: { busName: ":1.42", path: "/org/a11y/atspi/accessible/4" }, parent: { busName: ":1.42", path: "/org/a11y/atspi/accessible/1" }, indexInParent: 2, childCount: 0, interfaces: ["Accessible", "Action", "Text"], name: "same length list", role: 2, description: "", states: [0, 1] }
    ])
    assert.strictEqual(items[1]!.interfaces, items[2]!.interfaces)
  })

  it("declines any other item layout (the generic reader takes it)", () => {
    const buffer = reference.marshall({ type: 2, serial: 3, replySerial: 1, signature: "a(so)", body: [[[":1.1", "/a"]]] })
    assert.deepStrictEqual(decodeMessage(buffer, () => decodeCacheItems).body, [[[":1.1", "/a"]]])
  })
})
