import { assert, describe, it } from "@effect/vitest"
import type { ObservedNode } from "@agent-desktop/platform"
import { identityFields } from "./captureSnapshot.js"

const node = (role: ObservedNode["role"], value: string): ObservedNode => ({ role, value, path: [0], states: [], actions: ["SetValue"], handle: "h", childCount: 0 })

describe("identityFields", () => {
  it("keeps content values (a document, a field) out of the RefMap; identity values stay", () => {
    const document = "x".repeat(1_300_000)
    assert.notProperty(identityFields(node("textfield", document)), "value")
    assert.strictEqual(identityFields(node("link", "https://example.org")).value, "https://example.org")
  })

  it("keeps address native ids (AT-SPI object paths) out of the RefMap; real identifiers stay", () => {
    const path = { ...node("button", ""), nativeId: { kind: "atspi_object_path" as const, value: "/org/a11y/atspi/accessible/12" } }
    assert.notProperty(identityFields(path), "nativeId")
    const real = { ...node("button", ""), nativeId: { kind: "ax_identifier" as const, value: "save-button" } }
    assert.deepStrictEqual(identityFields(real).nativeId, { kind: "ax_identifier", value: "save-button" })
  })
})
