import { assert, describe, it } from "@effect/vitest"
import { AtspiRole } from "../atspi/Roles.js"
import { genericProfile } from "../toolkits/generic/profile.js"
import { gtk4 } from "../toolkits/gtk4/profile.js"
import { atspiRolesFor, nameMayMatch } from "./CollectionSearch.js"

describe("what a Collection search narrows by", () => {
  it("asks every AT-SPI role a contract role is read from, and labels for item roles (Java's items are labels)", () => {
    assert.include(atspiRolesFor("button"), AtspiRole.pushButton)
    assert.notInclude(atspiRolesFor("button"), AtspiRole.label)
    assert.include(atspiRolesFor("treeitem"), AtspiRole.label)
    assert.include(atspiRolesFor("cell"), AtspiRole.tableCell)
    assert.deepStrictEqual(atspiRolesFor(undefined), [])
  })

  it("keeps an object whose name may still match once read: its own name holds the wanted one, or it has none or a placeholder", () => {
    assert.isTrue(nameMayMatch("Open 49000", "open 49000", true, genericProfile))
    assert.isFalse(nameMayMatch("open 490001", "open 49000", true, genericProfile))
    assert.isTrue(nameMayMatch("open 490001", "open 49000", false, genericProfile))
    assert.isFalse(nameMayMatch("open 1", "open 49000", false, genericProfile))
    assert.isTrue(nameMayMatch("", "open 49000", true, genericProfile))
    assert.isTrue(nameMayMatch("Tab", "Settings", true, gtk4))
    assert.isFalse(nameMayMatch("Tab", "Settings", true, genericProfile))
  })
})
