import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { BARE_REF_SUGGESTION, formatRef, isValidSnapshotId, newSnapshotId, parseRef, refKey, refKeyIndex } from "./Ref.js"

describe("parseRef", () => {
  it("reads a snapshot-qualified ref", () => {
    assert.deepStrictEqual(parseRef("@s8f3k2p9:e7"), { _tag: "Ok", ref: { snapshotId: "s8f3k2p9", index: 7 } })
  })

  it("rejects a bare @eN with the contract's suggestion", () => {
    for (const input of ["@e7", "e7", "@e1"]) {
      const parsed = parseRef(input)
      assert.strictEqual(parsed._tag, "Invalid")
      if (parsed._tag === "Invalid") {
        assert.strictEqual(parsed.suggestion, BARE_REF_SUGGESTION)
        assert.strictEqual(parsed.message, `Invalid ref_id '${input}': expected @<snapshot_id>:e<N>`)
      }
    }
  })

  it("splits at the last :e", () => {
    assert.deepStrictEqual(parseRef("@s_e-e:e12"), { _tag: "Ok", ref: { snapshotId: "s_e-e", index: 12 } })
    assert.strictEqual(parseRef("@abc:e1:e2")._tag, "Invalid")
  })

  it("bounds the element number to a positive u32 of at most 10 digits", () => {
    assert.strictEqual(parseRef("@s123:e4294967295")._tag, "Ok")
    for (const bad of ["@s123:e0", "@s123:e4294967296", "@s123:e12345678901", "@s123:e", "@s123:e-1", "@s123:e1x"]) {
      assert.strictEqual(parseRef(bad)._tag, "Invalid", bad)
    }
  })

  it("checks the snapshot id", () => {
    for (const bad of ["@ab:e1", `@${"a".repeat(65)}:e1`, "@s.1:e1", "@s 12:e1", "s123:e1"]) {
      assert.strictEqual(parseRef(bad)._tag, "Invalid", bad)
    }
    assert.isTrue(isValidSnapshotId("s8f3"))
    assert.isFalse(isValidSnapshotId("s8"))
  })

  it("round-trips every formatted ref", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_-]{3,64}$/),
        fc.integer({ min: 1, max: 4_294_967_295 }),
        (snapshotId, index) => {
          assert.deepStrictEqual(parseRef(formatRef(snapshotId, index)), { _tag: "Ok", ref: { snapshotId, index } })
        }
      )
    )
  })

  it("never throws on arbitrary input", () => {
    fc.assert(fc.property(fc.string(), (input) => ["Ok", "Invalid"].includes(parseRef(input)._tag)))
  })
})

describe("refKey", () => {
  it("maps indexes to RefMap keys and back", () => {
    assert.strictEqual(refKey(7), "@e7")
    assert.strictEqual(refKeyIndex("@e7"), 7)
    assert.isUndefined(refKeyIndex("@e0"))
    assert.isUndefined(refKeyIndex("@s1:e7"))
  })
})

describe("newSnapshotId", () => {
  it("is s + base36 of the 64-bit value, at least 4 digits, and always valid", () => {
    assert.strictEqual(newSnapshotId(new Uint8Array(8)), "s0000")
    assert.strictEqual(newSnapshotId(new Uint8Array([0, 0, 0, 0, 0, 0, 0, 36])), "s0010")
    assert.strictEqual(newSnapshotId(new Uint8Array(8).fill(255)), `s${(2n ** 64n - 1n).toString(36)}`)
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 8, maxLength: 8 }), (bytes) => {
        const id = newSnapshotId(bytes)
        assert.match(id, /^s[0-9a-z]{4,13}$/)
        assert.isTrue(isValidSnapshotId(id))
      })
    )
  })

  it("refuses too few bytes", () => {
    assert.throws(() => newSnapshotId(new Uint8Array(4)))
  })
})
