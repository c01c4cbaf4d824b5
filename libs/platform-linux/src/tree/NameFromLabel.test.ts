/**
 * Names from LABELLED_BY and descriptions from DESCRIBED_BY, on a scripted app shaped like GTK 3.24's file chooser
 * (gnumeric 1.12's Save As dialog: the file name entry is unnamed, labelled by "Name:"), and the traits that tell a
 * password entry from a plain one.
 */
import { assert, describe, it } from "@effect/vitest"
import { fakeApp, fakeRef, type FakeObject } from "../atspi/testing/fakeApp.js"
import { AtspiRole } from "../atspi/Roles.js"
import { AtspiState } from "../atspi/States.js"
import { gtk3 } from "../toolkits/gtk3/profile.js"
import { toObserved } from "./Observed.js"
import { TreeReader } from "./TreeReader.js"
import type { ObservedNode } from "@agent-desktop/platform"

const { enabled, sensitive, visible, showing, editable, focusable, singleLine } = AtspiState
const shown = [enabled, sensitive, visible, showing]
const field = [...shown, editable, focusable, singleLine]
const entryInterfaces = ["Component", "Action", "Text", "EditableText"]

const dialog = (): Record<string, FakeObject> => ({
  "/dialog": { role: AtspiRole.dialog, name: "Save As", interfaces: ["Component"], children: ["/nameEntry", "/nameLabel", "/hint", "/user", "/password", "/button"] },
  "/nameEntry": { role: AtspiRole.text, states: field, interfaces: entryInterfaces, actions: ["activate"], text: "sheet.csv", labelledBy: ["/nameLabel"], describedBy: ["/hint"] },
  "/nameLabel": { role: AtspiRole.label, name: "Name:", interfaces: ["Component", "Text"], text: "Name:" },
  "/hint": { role: AtspiRole.label, name: "The file is saved in the folder below", interfaces: ["Component", "Text"] },
  "/user": { role: AtspiRole.text, states: field, interfaces: entryInterfaces, actions: ["activate"], text: "" },
  "/password": { role: AtspiRole.passwordText, states: field, interfaces: entryInterfaces, actions: ["activate"], text: "" },
  "/button": { role: AtspiRole.pushButton, name: "Save", interfaces: ["Component", "Action"], actions: ["click"], labelledBy: ["/hint"] }
})

const read = async (objects: Record<string, FakeObject>) => {
  const app = fakeApp(gtk3, objects)
  const result = await new TreeReader(app.session).read(fakeRef("/dialog"), { maxDepth: 8, deadline: Date.now() + 10_000, bulk: false })
  const byPath = new Map<string, ObservedNode>()
  const walk = (node: ObservedNode) => {
    byPath.set(node.handle.split("|")[1]!, node)
    for (const child of node.children ?? []) walk(child)
  }
  walk(toObserved(result.root))
  return { byPath }
}

describe("NameFromLabel", () => {
  it("an unnamed entry takes its label's name and its describer's text; a named button keeps its own", async () => {
    const { byPath } = await read(dialog())
    assert.strictEqual(byPath.get("/nameEntry")!.name, "Name:")
    assert.strictEqual(byPath.get("/nameEntry")!.description, "The file is saved in the folder below")
    assert.strictEqual(byPath.get("/button")!.name, "Save")
    assert.isUndefined(byPath.get("/user")!.name)
  })

  it("without the relation the entry stays unnamed", async () => {
    const objects = dialog()
    delete objects["/nameEntry"]!.labelledBy
    delete objects["/nameEntry"]!.describedBy
    const { byPath } = await read(objects)
    assert.isUndefined(byPath.get("/nameEntry")!.name)
    assert.isUndefined(byPath.get("/nameEntry")!.description)
  })
})

describe("traits", () => {
  it("tell a password entry from a plain one, and are the same for two plain entries", async () => {
    const objects = dialog()
    objects["/dialog"]!.children = [...objects["/dialog"]!.children!, "/user2"]
    objects["/user2"] = { ...objects["/user"]! }
    const { byPath } = await read(objects)
    assert.notStrictEqual(byPath.get("/user")!.traits, byPath.get("/password")!.traits)
    assert.strictEqual(byPath.get("/user")!.traits, byPath.get("/user2")!.traits)
  })
})
