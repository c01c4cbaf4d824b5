import { describe, expect, it } from "@effect/vitest"
import { AtspiRole } from "../atspi/Roles.js"
import { AtspiState, StateSet } from "../atspi/States.js"
import { allProfiles, detectToolkit } from "./detectToolkit.js"
import { normalizeStates } from "./normalizeStates.js"

describe("detectToolkit", () => {
  it("maps Application ToolkitName/Version to a profile", () => {
    expect(detectToolkit("gtk", "3.24.38").id).toBe("gtk3")
    expect(detectToolkit("GTK", "4.8.3").id).toBe("gtk4")
    expect(detectToolkit("Qt", "5.15.8").id).toBe("qt")
    expect(detectToolkit("Gecko", "153.8.0").id).toBe("gecko")
    expect(detectToolkit("Chromium", "156").id).toBe("chromium")
    expect(detectToolkit("gtk", "3.24.38", "soffice").id).toBe("libreoffice")
    expect(detectToolkit("", "").id).toBe("generic")
  })

  it("sends GetAll only where a toolkit is known to answer it; every quirk names where it was seen", () => {
    expect(allProfiles.filter((p) => p.getAllSafe).map((p) => p.id).sort()).toEqual(["gtk3", "gtk4", "libreoffice"])
    for (const profile of allProfiles) for (const quirk of profile.quirks) expect(quirk.seenIn).toMatch(/\d/)
  })

  it("treats VISIBLE as SHOWING only for toolkits that never set SHOWING", () => {
    const visible = new StateSet(1 << AtspiState.visible, 0)
    expect(normalizeStates(visible, detectToolkit("GTK", "4.8.3")).has(AtspiState.showing)).toBe(true)
    expect(normalizeStates(visible, detectToolkit("gtk", "3.24.38")).has(AtspiState.showing)).toBe(false)
  })

  it("reads a pressed push button as checked only where the toolkit has no toggle-button role (GTK 4.8)", () => {
    const pressed = new StateSet((1 << AtspiState.visible) | (1 << AtspiState.pressed), 0)
    const gtk4 = detectToolkit("GTK", "4.8.3")
    expect(normalizeStates(pressed, gtk4, AtspiRole.pushButton).has(AtspiState.checked)).toBe(true)
    expect(normalizeStates(pressed, gtk4, AtspiRole.pushButton).has(AtspiState.checkable)).toBe(true)
    expect(normalizeStates(pressed, gtk4, AtspiRole.pageTab).has(AtspiState.checked)).toBe(false)
    expect(normalizeStates(pressed, detectToolkit("gtk", "3.24.38"), AtspiRole.pushButton).has(AtspiState.checked)).toBe(false)
  })
})
