import { assert, describe, it } from "@effect/vitest"
import { getsRef } from "./AvailableActions.js"
import { INTERACTIVE_ROLES, normalizeRole, ROLES, valueIsIdentity } from "./Roles.js"
import { matchesStateFilter, parseStateFilter } from "./States.js"
import { parseWaitSelector } from "./WaitSelector.js"

describe("roles", () => {
  // The reference calls the list "78 roles" but names 80; we keep every name it lists.
  it("has the contract's 80 role names and 18 interactive ones", () => {
    assert.strictEqual(new Set(ROLES).size, 80)
    assert.strictEqual(INTERACTIVE_ROLES.size, 18)
  })

  it("normalizes canonical names and aliases, case-insensitively", () => {
    assert.strictEqual(normalizeRole("Button"), "button")
    assert.strictEqual(normalizeRole("spinbutton"), "incrementor")
    assert.strictEqual(normalizeRole("textbox"), "textfield")
    assert.strictEqual(normalizeRole("tree"), "outline")
    assert.isUndefined(normalizeRole("widget"))
  })

  it("never counts the value of stateful, volatile or content-named roles", () => {
    assert.isFalse(valueIsIdentity("checkbox"))
    assert.isFalse(valueIsIdentity("progressbar"))
    assert.isFalse(valueIsIdentity("statictext"))
    assert.isTrue(valueIsIdentity("link"))
  })
})

describe("getsRef", () => {
  it("gives refs to interactive roles and to nodes with an action besides SetFocus", () => {
    assert.isTrue(getsRef("button", []))
    assert.isTrue(getsRef("scrollarea", ["Scroll"]))
    assert.isFalse(getsRef("group", ["SetFocus"]))
    assert.isFalse(getsRef("statictext", []))
  })
})

describe("parseStateFilter", () => {
  it("reads TOKEN and TOKEN=true|false|1|0", () => {
    assert.deepStrictEqual(parseStateFilter("checked"), { _tag: "Ok", filter: { state: "checked", expected: true } })
    assert.deepStrictEqual(parseStateFilter("checked=false"), { _tag: "Ok", filter: { state: "checked", expected: false } })
    assert.deepStrictEqual(parseStateFilter("FOCUSED=1"), { _tag: "Ok", filter: { state: "focused", expected: true } })
    assert.deepStrictEqual(parseStateFilter("expanded=0"), { _tag: "Ok", filter: { state: "expanded", expected: false } })
  })

  it("reads enabled and visible as negated disabled and hidden", () => {
    assert.deepStrictEqual(parseStateFilter("enabled"), { _tag: "Ok", filter: { state: "disabled", expected: false } })
    assert.deepStrictEqual(parseStateFilter("visible=false"), { _tag: "Ok", filter: { state: "hidden", expected: true } })
  })

  it("rejects unknown tokens and values", () => {
    assert.strictEqual(parseStateFilter("shiny")._tag, "Invalid")
    assert.strictEqual(parseStateFilter("checked=yes")._tag, "Invalid")
  })

  it("matches a node's states", () => {
    assert.isTrue(matchesStateFilter(["checked"], { state: "checked", expected: true }))
    assert.isTrue(matchesStateFilter([], { state: "disabled", expected: false }))
    assert.isFalse(matchesStateFilter(["disabled"], { state: "disabled", expected: false }))
  })
})

describe("parseWaitSelector", () => {
  it("splits role:text at the first colon", () => {
    assert.deepStrictEqual(parseWaitSelector("button:Submit"), { _tag: "Ok", selector: { role: "button", text: "Submit" } })
    assert.deepStrictEqual(parseWaitSelector("button"), { _tag: "Ok", selector: { role: "button" } })
    assert.deepStrictEqual(parseWaitSelector(":Saved!"), { _tag: "Ok", selector: { text: "Saved!" } })
    assert.deepStrictEqual(parseWaitSelector("statictext:a:b"), { _tag: "Ok", selector: { role: "statictext", text: "a:b" } })
    assert.deepStrictEqual(parseWaitSelector("radio:On"), { _tag: "Ok", selector: { role: "radiobutton", text: "On" } })
  })

  it("rejects an empty selector and unknown roles", () => {
    assert.strictEqual(parseWaitSelector("")._tag, "Invalid")
    assert.strictEqual(parseWaitSelector(":")._tag, "Invalid")
    assert.strictEqual(parseWaitSelector("widget:x")._tag, "Invalid")
  })
})
