import { assert, describe, it } from "@effect/vitest"
import { sameName, type WindowEntry } from "./AppDirectory.js"
import { pickWindow } from "./pickWindow.js"

describe("app names as --app matches them", () => {
  it("ignores case, not accents, with or without the collator", () => {
    assert.isTrue(sameName("gnome-calculator", "GNOME-Calculator"))
    assert.isFalse(sameName("calculator", "calculato"))
    assert.isFalse(sameName("soffice", "soffice "))
    assert.isTrue(sameName("Éditeur", "éditeur"))
    assert.isFalse(sameName("Éditeur", "Editeur"))
  })
})

describe("the window --app picks", () => {
  const entry = (path: string, title: string, visible: boolean, is_focused = false): WindowEntry => ({
    ref: { busName: ":1.2", path },
    info: { id: `w-${path}`, title, app_name: "Chromium", pid: 1, is_focused, minimized: false, visible }
  })
  // Chromium 156 from the start: the browser window and two untitled bubble frames, all SHOWING.
  const chromium = [entry("/1", "Form - Chromium", true), entry("/2", "", true), entry("/3", "", true)]
  const untitled = (w: WindowEntry) => w.info.title === ""

  it("the focused one while the app has the focus", () => {
    const focused = [entry("/1", "Form - Chromium", true, true), ...chromium.slice(1)]
    assert.strictEqual(pickWindow(focused, "Chromium").ref.path, "/1")
  })

  it("without focus, the only titled visible window where the toolkit passes untitled ones over; elsewhere ambiguous", () => {
    assert.strictEqual(pickWindow(chromium, "Chromium", untitled).ref.path, "/1")
    assert.throws(() => pickWindow(chromium, "Chromium"), /3 windows/)
    assert.throws(() => pickWindow([...chromium, entry("/4", "Other - Chromium", true)], "Chromium", untitled), /4 windows/)
  })
})
