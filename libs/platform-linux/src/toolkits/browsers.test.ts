import { assert, describe, it } from "@effect/vitest"
import { AtspiState } from "../atspi/States.js"
import { rawNode, stateSet, visibleStates } from "../actions/testing/rawNode.js"
import { expandActionIndex } from "../tree/ContractNode.js"
import { chromium } from "./chromium/profile.js"
import { gecko } from "./gecko/profile.js"

/** The browser profiles' quirks that are data (the handlers' own tests cover the rest). */
describe("browser profiles", () => {
  it("Firefox ESR 153.8: a summary's one action, \"expand\" open or closed, expands and collapses", () => {
    const named = gecko.actionAliases["expand"]!
    const open = rawNode({ actions: [named], states: stateSet(...visibleStates, AtspiState.expandable, AtspiState.expanded) })
    assert.strictEqual(expandActionIndex(open, false), 0)
    assert.strictEqual(expandActionIndex(open, true), 0)
  })

  it("every browser quirk names the version that showed it", () => {
    for (const profile of [gecko, chromium]) {
      for (const quirk of profile.quirks) assert.match(quirk.seenIn, /^(Firefox ESR|Chromium) \d+/)
    }
  })
})
