import { assert, describe, it } from "@effect/vitest"
import { bitSet, encodeRule, MatchType } from "./Collection.js"

describe("Collection match rules", () => {
  it("sets bit N of word N/32 (at-spi2-core's encoding: a combo box, role 83, is { 0, 0, 0x80000, 0 })", () => {
    assert.deepStrictEqual(bitSet([83], 4), [0, 0, 0x80000, 0])
    assert.deepStrictEqual(bitSet([0, 31, 32], 2), [1 | (1 << 31), 1])
  })

  it("asks any of the roles, and every role when none is given", () => {
    const [states, stateMatch, attributes, attributeMatch, roles, roleMatch, interfaces, interfaceMatch, invert] = encodeRule({ roles: [43, 62], states: [] })
    assert.deepStrictEqual(states, [0, 0])
    assert.strictEqual(stateMatch, MatchType.all)
    assert.deepStrictEqual(attributes, [])
    assert.strictEqual(attributeMatch, MatchType.all)
    assert.deepStrictEqual(roles, [0, (1 << (43 - 32)) | (1 << (62 - 32)), 0, 0])
    assert.strictEqual(roleMatch, MatchType.any)
    assert.deepStrictEqual(interfaces, [])
    assert.strictEqual(interfaceMatch, MatchType.all)
    assert.isFalse(invert)
    assert.strictEqual(encodeRule({ roles: [], states: [] })[5], MatchType.all)
  })
})
