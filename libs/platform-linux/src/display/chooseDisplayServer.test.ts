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

  it("a Wayland session without a Wayland backend: every channel refuses, before anything is sent, as the X11 backend always did", async () => {
    const server = chooseDisplayServer(probeSession({ XDG_SESSION_TYPE: "wayland", WAYLAND_DISPLAY: "wayland-0", DISPLAY: ":0" }))
    expect(server.backend).toBe("none")
    for (const channel of [server.ready(), server.click({ x: 1, y: 1 }, { button: "left", count: 1, modifiers: [] }), server.capture(), server.clipboardRead("text")]) {
      const error = await refusal(channel)
      expect(error).toMatchObject({ code: "PLATFORM_NOT_SUPPORTED", steps: [], details: { kind: "wayland_session" } })
      expect(error.message).toMatch(/Wayland session/)
    }
    const channels = await Effect.runPromise(server.capabilities())
    expect(Object.values(channels).every((channel) => channel.state === "unavailable")).toBe(true)
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
