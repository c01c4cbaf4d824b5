import { assert, describe, it } from "@effect/vitest"
import { contractRole, contractStates } from "./ContractVocabulary.js"

describe("contract vocabulary", () => {
  it("keeps contract roles and states, maps other roles to unknown and drops other states", () => {
    assert.strictEqual(contractRole("button"), "button")
    assert.strictEqual(contractRole("a-toolkit-private-role"), "unknown")
    assert.deepStrictEqual(contractStates(["focused", "toolkit-private", "checked"]), ["focused", "checked"])
  })
})
