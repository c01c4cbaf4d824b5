import { describe, expect, it } from "vitest"
import { environmentRefusal } from "./openX11.js"

describe("environmentRefusal", () => {
  it("refuses a Wayland session and says what works instead", () => {
    const refusal = environmentRefusal({ XDG_SESSION_TYPE: "wayland", WAYLAND_DISPLAY: "wayland-0", DISPLAY: ":0" })
    expect(refusal?.code).toBe("PLATFORM_NOT_SUPPORTED")
    expect(refusal?.message).toMatch(/Wayland session/)
    expect(refusal?.details).toMatchObject({ kind: "wayland_session" })
  })

  it("refuses without a display and accepts X11", () => {
    expect(environmentRefusal({})?.details).toMatchObject({ kind: "no_display" })
    expect(environmentRefusal({ DISPLAY: ":5", XDG_SESSION_TYPE: "x11" })).toBeUndefined()
  })
})
