import { assert, describe, it } from "@effect/vitest"
import { PlatformError } from "@agent-desktop/platform"
import { activeAmong } from "../display/sessionWindows.js"
import { choiceNote, pickWindow } from "./pickWindow.js"

const window = (id: string, visible: boolean, focused: boolean, modal = false) => ({
  info: { id, title: id, app_name: "soffice", pid: 1, is_focused: focused, minimized: false, visible },
  modal
})

describe("pickWindow (--app's window)", () => {
  it("takes a visible modal dialog over the document it blocks, even when the document still says ACTIVE (LibreOffice Calc 7.4)", () => {
    const document = window("document", true, true)
    const alert = window("alert", true, false, true)
    assert.strictEqual(pickWindow([document, alert], "soffice"), alert)
  })

  it("else the only visible window, else the only focused one", () => {
    assert.strictEqual(pickWindow([window("a", true, false), window("b", false, true)], "x").info.id, "a")
    assert.strictEqual(pickWindow([window("a", true, false), window("b", true, true)], "x").info.id, "b")
  })

  it("else the window the display server calls active (GTK 4.8: neither MODAL nor ACTIVE on its Save As dialog)", () => {
    const editor = window("draft.txt - Text Editor", true, false)
    const dialog = window("Save As", true, false)
    assert.strictEqual(pickWindow([editor, dialog], "gnome-text-editor", undefined, activeAmong([editor, dialog], { pid: 1, title: "Save As" })), dialog)
    // Another app's window active: no help, ambiguous as before.
    assert.throws(() => pickWindow([editor, dialog], "gnome-text-editor", undefined, activeAmong([editor, dialog], { pid: 2, title: "Save As" })))
  })

  it("choiceNote: among several visible windows, which one was taken and why, with the others' ids; one window: nothing", () => {
    const editor = window("draft.txt - Text Editor", true, false)
    const dialog = window("Save As", true, false)
    const note = choiceNote([editor, dialog], dialog, "gnome-text-editor", true)!
    assert.include(note, 'gnome-text-editor shows 2 windows; this is "Save As", the window the display server has active')
    assert.include(note, `--window-id: ${editor.info.id} ("draft.txt - Text Editor")`)
    const alert = window("Keep current format", true, false, true)
    assert.include(choiceNote([editor, alert], alert, "soffice", false), "its modal dialog, which blocks the others")
    assert.isUndefined(choiceNote([editor, window("hidden", false, false)], editor, "x", false))
  })

  it("activeAmong: the active process's window with the active title, else its only one; none when untold", () => {
    const a = window("a", true, false)
    const b = window("b", true, false)
    assert.strictEqual(activeAmong([a, b], { pid: 1, title: "b" }), b)
    assert.isUndefined(activeAmong([a, b], { pid: 1, title: "c" }))
    assert.strictEqual(activeAmong([a], { pid: 1, title: "c" }), a)
    assert.isUndefined(activeAmong([a, b], undefined))
  })

  it("two visible modal windows and no single focused one are ambiguous", () => {
    try {
      pickWindow([window("a", true, true, true), window("b", true, true, true)], "x")
      assert.fail("expected AMBIGUOUS_TARGET")
    } catch (error) {
      assert.instanceOf(error, PlatformError)
      assert.strictEqual((error as PlatformError).code, "AMBIGUOUS_TARGET")
    }
  })
})
