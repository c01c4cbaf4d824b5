import { describe, expect, it } from "vitest"
import { probeSession } from "./DisplaySession.js"

describe("probeSession", () => {
  it("a DISPLAY alone is X11; XDG_CURRENT_DESKTOP's entries are kept", () => {
    expect(probeSession({ DISPLAY: ":5", XDG_CURRENT_DESKTOP: "XFCE:Openbox" })).toEqual({ type: "x11", display: ":5", desktops: ["XFCE", "Openbox"] })
  })

  it("Wayland when XDG_SESSION_TYPE says so, even beside XWayland's DISPLAY, or when only WAYLAND_DISPLAY is set", () => {
    expect(probeSession({ XDG_SESSION_TYPE: "wayland", WAYLAND_DISPLAY: "wayland-0", DISPLAY: ":0" }).type).toBe("wayland")
    expect(probeSession({ WAYLAND_DISPLAY: "wayland-0" }).type).toBe("wayland")
    expect(probeSession({ WAYLAND_DISPLAY: "wayland-0", DISPLAY: ":0", XDG_SESSION_TYPE: "x11" }).type).toBe("x11")
  })

  it("nothing set, or set empty, is no display server", () => {
    expect(probeSession({}).type).toBe("none")
    expect(probeSession({ DISPLAY: "", WAYLAND_DISPLAY: "" })).toEqual({ type: "none", desktops: [] })
  })
})
