import { assert, describe, it } from "@effect/vitest"
import type { ObservedNode } from "@agent-desktop/platform"
import { identityFields } from "./captureSnapshot.js"

const node = (role: string, value: string): ObservedNode => ({ role, value, path: [0], states: [], actions: ["SetValue"], handle: "h", childCount: 0 })

describe("identityFields", () => {
  it("keeps content values (a document, a field) out of the RefMap; identity values stay", () => {
    const document = "x".repeat(1_300_000)
    assert.notProperty(identityFields(node("textfield", document)), "value")
    assert.strictEqual(identityFields(node("link", "https://example.org")).value, "https://example.org")
  })
})
