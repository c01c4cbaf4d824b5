import { assert, describe, it } from "@effect/vitest"
import { AtspiRole } from "../atspi/Roles.js"
import { AtspiState, StateSet } from "../atspi/States.js"
import { gtk3 } from "../toolkits/gtk3/profile.js"
import { gtk4 } from "../toolkits/gtk4/profile.js"
import { availableActions, mapStates } from "./ContractNode.js"
import { toObserved } from "./Observed.js"
import { markPopups } from "./PopupState.js"
import type { RawTree } from "./RawTree.js"

const set = (...states: Array<number>) => states.reduce((s, state) => s.with(state), StateSet.from([0, 0]))
const visible = [AtspiState.enabled, AtspiState.sensitive, AtspiState.visible]
const tree = (role: number, states: StateSet, children: Array<RawTree> = []): RawTree => ({
  node: { ref: { busName: ":1.1", path: `/${role}` }, role, name: "Color", description: "", states, interfaces: ["Action"], actions: ["press"], childCount: children.length },
  path: [],
  children
})
/** The fixture's GtkComboBoxText as at-spi2-atk shows it (GTK 3.24.38): no EXPANDABLE, its menu child hidden or showing. */
const combo = (menuShowing: boolean) =>
  tree(AtspiRole.comboBox, set(...visible), [tree(AtspiRole.menu, menuShowing ? set(...visible, AtspiState.showing) : set())])

describe("combo boxes whose popup is their menu child (GTK 3)", () => {
  it("read as expandable, and expanded exactly while the menu shows", () => {
    const closed = combo(false)
    const open = combo(true)
    markPopups(closed, gtk3)
    markPopups(open, gtk3)
    assert.notInclude(toObserved(closed).states, "expanded")
    assert.include(toObserved(open).states, "expanded")
    assert.include(toObserved(closed).actions, "Expand")
    assert.include(toObserved(open).actions, "Collapse")
  })

  it("follow the menu's states as they are when converted (a warm read re-reads only the menu when it opens)", () => {
    const kept = combo(false)
    markPopups(kept, gtk3)
    ;(kept.children as Array<RawTree>)[0] = tree(AtspiRole.menu, set(...visible, AtspiState.showing))
    assert.include(toObserved(kept).states, "expanded")
  })

  it("only where the profile says so, and never over the toolkit's own EXPANDABLE", () => {
    const other = combo(true)
    markPopups(other, gtk4)
    assert.notInclude(toObserved(other).states, "expanded")
    const own = tree(AtspiRole.comboBox, set(...visible, AtspiState.expandable), [tree(AtspiRole.menu, set(...visible, AtspiState.showing))])
    markPopups(own, gtk3)
    assert.isUndefined(own.node.popupExpands)
    assert.notInclude(mapStates(own.node), "expanded")
    assert.include(availableActions(own.node), "Expand")
  })
})
