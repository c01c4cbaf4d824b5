import { assert, describe, it } from "@effect/vitest"
import { parsePopupWindow } from "./PopupWindows.js"

const info = (x: number, y: number, width: number, height: number, overrideRedirect: boolean, type?: string) =>
  `xwininfo: Window id: 0xc0001b\n  Absolute upper-left X:  ${x}\n  Absolute upper-left Y:  ${y}\n  Width: ${width}\n  Height: ${height}\n` +
  `  Map State: IsViewable\n  Override Redirect State: ${overrideRedirect ? "yes" : "no"}\n` +
  (type === undefined ? "_NET_WM_WINDOW_TYPE:  not found.\n" : `_NET_WM_WINDOW_TYPE(ATOM) = _NET_WM_WINDOW_TYPE_${type}\n`)

describe("parsePopupWindow", () => {
  it("an override-redirect window (GTK 4's popover menu) or a window typed as a menu is a popup, with its rectangle", () => {
    assert.deepStrictEqual(parsePopupWindow(info(1007, 528, 263, 521, true, "MENU")), { x: 1007, y: 528, width: 263, height: 521, type: "menu" })
    assert.deepStrictEqual(parsePopupWindow(info(89, 644, 100, 30, true)), { x: 89, y: 644, width: 100, height: 30 })
    assert.deepStrictEqual(parsePopupWindow(info(10, 20, 200, 100, false, "DROPDOWN_MENU")), { x: 10, y: 20, width: 200, height: 100, type: "dropdown_menu" })
  })

  it("a normal managed window, a 1x1 helper window or garbage is not", () => {
    assert.isUndefined(parsePopupWindow(info(580, 504, 700, 520, false, "NORMAL")))
    assert.isUndefined(parsePopupWindow(info(-100, -100, 1, 1, true)))
    assert.isUndefined(parsePopupWindow(""))
  })
})
