import { describe, expect, it } from "vitest"
import { type CaptureFacts, capturePreferenceOf, captureRoutes } from "./gnomeCaptureRoutes.js"

const facts = (over: Partial<CaptureFacts>): CaptureFacts => ({
  preference: "auto", tokenStored: false, screenCastPortal: true, mutterScreenCast: true, screenshotGranted: false, ...over
})

describe("the GNOME screenshot routes' order", () => {
  it("auto: the user's stored consent first, then mutter's ScreenCast, then the allowed Screenshot portal", () => {
    expect(captureRoutes(facts({ tokenStored: true, screenshotGranted: true }))).toEqual(["screencast_portal_restore", "mutter_screencast", "screenshot_portal"])
    expect(captureRoutes(facts({}))).toEqual(["mutter_screencast"])
    expect(captureRoutes(facts({ mutterScreenCast: false, screenshotGranted: true }))).toEqual(["screenshot_portal"])
  })

  it("auto asks for consent only when nothing else can serve, and never without a working portal", () => {
    expect(captureRoutes(facts({ mutterScreenCast: false }))).toEqual(["screencast_portal_consent"])
    expect(captureRoutes(facts({ mutterScreenCast: false, screenCastPortal: false }))).toEqual([])
    // A token is useless without the portal (no PipeWire): mutter's route is not tried either then.
    expect(captureRoutes(facts({ tokenStored: true, screenCastPortal: false, mutterScreenCast: false, screenshotGranted: true }))).toEqual(["screenshot_portal"])
  })

  it("portal: the ScreenCast portal only (its consent when no token is stored)", () => {
    expect(captureRoutes(facts({ preference: "portal" }))).toEqual(["screencast_portal_consent"])
    expect(captureRoutes(facts({ preference: "portal", tokenStored: true, screenshotGranted: true }))).toEqual(["screencast_portal_restore"])
    expect(captureRoutes(facts({ preference: "portal", screenCastPortal: false }))).toEqual([])
  })

  it("the preference comes from AGENT_DESKTOP_GNOME_CAPTURE (anything but 'portal' is auto)", () => {
    expect(capturePreferenceOf({ AGENT_DESKTOP_GNOME_CAPTURE: " Portal " })).toBe("portal")
    expect(capturePreferenceOf({ AGENT_DESKTOP_GNOME_CAPTURE: "mutter" })).toBe("auto")
    expect(capturePreferenceOf({})).toBe("auto")
  })
})
