import { describe, expect, it } from "vitest"
import { AtspiRole } from "../atspi/Roles.js"
import type { AtspiEvent } from "../events/AtspiEvent.js"
import { patchFor } from "./EventPatch.js"

const event = (major: string, detail = ""): AtspiEvent => ({
  klass: "object", major, detail, detail1: 0, detail2: 0, source: { busName: ":1.2", path: "/n/5" }
})
const button = { role: AtspiRole.pushButton, hasChildren: false, parentPath: "/n/4" }

describe("patchFor", () => {
  it("re-reads one node for its own fields", () => {
    expect(patchFor(event("property-change", "accessible-name"), button, false)).toEqual({ kind: "node", path: "/n/5" })
    expect(patchFor(event("state-changed", "checked"), button, false)).toEqual({ kind: "node", path: "/n/5" })
    expect(patchFor(event("text-changed", "insert"), button, false)).toEqual({ kind: "node", path: "/n/5" })
    expect(patchFor(event("selection-changed"), button, false)).toEqual({ kind: "node", path: "/n/5" })
  })

  it("re-reads the subtree where descendants can appear, vanish or move", () => {
    expect(patchFor(event("children-changed", "add"), button, false)).toEqual({ kind: "subtree", path: "/n/5" })
    expect(patchFor(event("state-changed", "showing"), button, false)).toEqual({ kind: "subtree", path: "/n/5" })
    expect(patchFor(event("bounds-changed"), button, false)).toEqual({ kind: "subtree", path: "/n/5" })
    expect(patchFor(event("visible-data-changed"), button, false)).toEqual({ kind: "subtree", path: "/n/5" })
    expect(patchFor(event("property-change", "accessible-table-caption-object"), button, false)).toEqual({ kind: "subtree", path: "/n/5" })
  })

  it("re-reads a scroll bar's scrolled sibling content with it", () => {
    const bar = { role: AtspiRole.scrollBar, hasChildren: false, parentPath: "/n/3" }
    expect(patchFor(event("property-change", "accessible-value"), bar, false)).toEqual({ kind: "subtree", path: "/n/3" })
  })

  it("drops the read for a defunct node, and for unknown sources when managed parts hide descendants", () => {
    expect(patchFor(event("state-changed", "defunct"), button, false)).toEqual({ kind: "all" })
    expect(patchFor(event("state-changed", "focused"), undefined, true)).toEqual({ kind: "all" })
  })

  it("ignores objects outside a fully indexed read (another window of the app)", () => {
    expect(patchFor(event("state-changed", "focused"), undefined, false)).toEqual({ kind: "none" })
  })
})
