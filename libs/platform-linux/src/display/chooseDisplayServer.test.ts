import { probeSession, type DisplayServerBackend, type PlatformError } from "@agent-desktop/platform"
import * as Effect from "effect/Effect"
import { describe, expect, it } from "vitest"
import { chooseDisplayServer } from "./chooseDisplayServer.js"

const refusal = async (effect: Effect.Effect<unknown, PlatformError>) =>
  (await Effect.runPromise(Effect.flip(effect)))

describe("chooseDisplayServer", () => {
  it("an X11 session gets the X11 backend", () => {
    expect(chooseDisplayServer(probeSession({ DISPLAY: ":5" })).backend).toBe("x11")
  })

  it("a Wayland session: the wlroots backend unless the desktop is GNOME or KDE", () => {
    expect(chooseDisplayServer(probeSession({ XDG_SESSION_TYPE: "wayland", WAYLAND_DISPLAY: "wayland-0", DISPLAY: ":0" })).backend).toBe("wlroots")
    expect(chooseDisplayServer(probeSession({ WAYLAND_DISPLAY: "/run/user/1000/wayland-1", XDG_CURRENT_DESKTOP: "sway" })).backend).toBe("wlroots")
    // XWayland's DISPLAY in a session that says it is X11 stays with the X11 backend.
    expect(chooseDisplayServer(probeSession({ XDG_SESSION_TYPE: "x11", WAYLAND_DISPLAY: "wayland-0", DISPLAY: ":0" })).backend).toBe("x11")
  })

  it("a GNOME Wayland session gets the GNOME backend; without its compositor the pointer and capture refuse before anything is sent, windows are refused, naming why", async () => {
    const server = chooseDisplayServer(probeSession({ XDG_SESSION_TYPE: "wayland", WAYLAND_DISPLAY: "wayland-0", XDG_CURRENT_DESKTOP: "GNOME" }))
    expect(server.backend).toBe("gnome")
    // No compositor answers at wayland-0 here: the refusal comes before mutter is asked anything.
    expect(await refusal(server.click({ x: 1, y: 1 }, { button: "left", count: 1, modifiers: [] }))).toMatchObject({ code: "PLATFORM_NOT_SUPPORTED", steps: [], details: { kind: "no_display" } })
    expect(await refusal(server.capture())).toMatchObject({ code: "PLATFORM_NOT_SUPPORTED", steps: [], details: { kind: "no_display" } })
    expect(await refusal(server.findWindow({ pid: 1, title: "x" }))).toMatchObject({ code: "PLATFORM_NOT_SUPPORTED", details: { kind: "no_window_geometry" } })
    expect(await Effect.runPromise(server.extentsPlacement({ title: "Fixture", pid: 1, windowRelative: false }, 100))).toMatchObject({ kind: "unknown" })
  })

  it("a KDE Wayland session gets the KDE backend (KWin fake input, ScreenShot2, KWin scripting)", () => {
    const server = chooseDisplayServer(probeSession({ XDG_SESSION_TYPE: "wayland", WAYLAND_DISPLAY: "wayland-0", XDG_CURRENT_DESKTOP: "KDE" }))
    expect(server.backend).toBe("kde")
    expect(server.keyboard?.label).toBe("org_kde_kwin_fake_input")
  })

  it("a Wayland session no backend serves: every channel refuses before anything is sent, keys too, and extents have no placement", async () => {
    const server = chooseDisplayServer(probeSession({ XDG_SESSION_TYPE: "wayland", DISPLAY: ":0" }))
    expect(server.backend).toBe("none")
    for (const channel of [server.ready(), server.click({ x: 1, y: 1 }, { button: "left", count: 1, modifiers: [] }), server.capture(), server.clipboardRead("text"), server.keyboard!.pressKey("a", [])]) {
      const error = await refusal(channel)
      expect(error).toMatchObject({ code: "PLATFORM_NOT_SUPPORTED", steps: [], details: { kind: "wayland_session" } })
      expect(error.message).toMatch(/Wayland session/)
    }
    const channels = await Effect.runPromise(server.capabilities())
    expect(Object.values(channels).every((channel) => channel.state === "unavailable")).toBe(true)
    const placement = await Effect.runPromise(server.extentsPlacement({ title: "Fixture", pid: 1, windowRelative: false }, 100))
    expect(placement).toMatchObject({ kind: "unknown", reason: expect.stringMatching(/no display-server backend serves this Wayland session/) })
  })

  it("no display at all: no_display", async () => {
    const server = chooseDisplayServer(probeSession({}))
    expect(await refusal(server.displays())).toMatchObject({ code: "PLATFORM_NOT_SUPPORTED", details: { kind: "no_display" } })
  })

  it("the first backend that serves the session wins, so a compositor's backend goes before X11's", () => {
    const sway: DisplayServerBackend = {
      id: "wlroots",
      serves: (session) => session.type === "wayland" && session.desktops.includes("sway"),
      server: () => ({ ...chooseDisplayServer(probeSession({})), backend: "wlroots" })
    }
    const backends = [sway, ...[{ id: "x11", serves: () => true, server: () => chooseDisplayServer(probeSession({ DISPLAY: ":5" })) }]]
    expect(chooseDisplayServer(probeSession({ WAYLAND_DISPLAY: "wayland-1", XDG_CURRENT_DESKTOP: "sway" }), backends).backend).toBe("wlroots")
    expect(chooseDisplayServer(probeSession({ DISPLAY: ":5" }), backends).backend).toBe("x11")
  })
})
