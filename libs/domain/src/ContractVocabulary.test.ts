import { assert, describe, it } from "@effect/vitest"
import { contractActions, contractNativeIdKind, contractStates } from "./ContractVocabulary.js"

describe("contract vocabulary", () => {
  it("keeps contract states and drops other states (roles are typed: ObservedNode.role is the contract's Role)", () => {
    assert.deepStrictEqual(contractStates(["focused", "toolkit-private", "checked"]), ["focused", "checked"])
  })

  it("returns the list itself when every entry is in the vocabulary", () => {
    const states = ["focused", "checked"]
    const actions = ["Click", "SetFocus"]
    assert.strictEqual<unknown>(contractStates(states), states)
    assert.strictEqual<unknown>(contractActions(actions), actions)
    assert.deepStrictEqual(contractActions(["Click", "Wiggle"]), ["Click"])
  })

  it("maps a native id kind outside the vocabulary to unknown", () => {
    assert.strictEqual(contractNativeIdKind("atspi_object_path"), "atspi_object_path")
    assert.strictEqual(contractNativeIdKind("gtk_builder_id"), "unknown")
  })
})
