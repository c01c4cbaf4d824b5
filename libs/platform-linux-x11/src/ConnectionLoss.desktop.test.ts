/**
 * An X server that goes away mid-session must not end the process (Xlib's default is exit(1), which would lose the
 * CLI's envelope): the next call throws X11_CONNECTION_LOST, and a later open() reconnects.
 */
import { startDesktop } from "@agent-desktop/desktop"
import { describe, expect, it } from "vitest"
import { loadAddon } from "./Addon.js"

describe("losing the X server", () => {
  it("throws X11_CONNECTION_LOST instead of exiting, then reconnects to a new server", async () => {
    const load = loadAddon()
    if (load._tag !== "Loaded") throw new Error(load.reason)
    const addon = load.addon
    const first = await startDesktop({ apps: [] })
    addon.open(first.env.DISPLAY)
    addon.motion(10, 10)
    await first.stop()
    let code: string | undefined
    for (let i = 0; i < 3 && code === undefined; i++) {
      try {
        addon.motion(20, 20)
        addon.queryPointer()
      } catch (error) {
        code = (error as { code?: string }).code
      }
    }
    expect(code).toBe("X11_CONNECTION_LOST")
    const second = await startDesktop({ apps: [] })
    try {
      expect(addon.open(second.env.DISPLAY).display).toBe(second.env.DISPLAY)
      addon.motion(30, 40)
      expect(addon.queryPointer()).toMatchObject({ x: 30, y: 40 })
    } finally {
      addon.close()
      await second.stop()
    }
  }, 120_000)
})
