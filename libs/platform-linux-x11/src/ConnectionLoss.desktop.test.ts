/**
 * An X server that goes away mid-session must not end the process (Xlib's default is exit(1), which would lose the
 * CLI's envelope): the next call throws X11_CONNECTION_LOST, and a later open() reconnects.
 */
import { startDesktop } from "@agent-desktop/desktop"
import { existsSync, readFileSync } from "node:fs"
import { setTimeout as sleep } from "node:timers/promises"
import { describe, expect, it } from "vitest"
import { loadAddon } from "./Addon.js"
import { selectionItems } from "./ClipboardContent.js"
import { startOwner } from "./ClipboardOwnerProcess.js"

const alive = (pid: number) => existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z ")

describe("losing the X server", () => {
  it("throws X11_CONNECTION_LOST instead of exiting, then reconnects to a new server", async () => {
    const load = loadAddon()
    if (load._tag !== "Loaded") throw new Error(load.reason)
    const addon = load.addon
    const first = await startDesktop({ apps: [] })
    // The addon opens displays in this process: Xlib reads each desktop's cookie file from XAUTHORITY.
    const savedAuthority = process.env["XAUTHORITY"]
    process.env["XAUTHORITY"] = first.env.XAUTHORITY
    addon.open(first.env.DISPLAY)
    addon.motion(10, 10)
    addon.capturePng(0, 0, 200, 200, 1, 2) // keeps a shared-memory segment attached to this server
    await first.stop()
    let code: string | undefined
    for (let i = 0; i < 3 && code === undefined; i++) {
      try {
        addon.capturePng(0, 0, 200, 200, 1, 2)
        addon.motion(20, 20)
        addon.queryPointer()
      } catch (error) {
        code = (error as { code?: string }).code
      }
    }
    expect(code).toBe("X11_CONNECTION_LOST")
    const second = await startDesktop({ apps: [] })
    process.env["XAUTHORITY"] = second.env.XAUTHORITY
    try {
      expect(addon.open(second.env.DISPLAY).display).toBe(second.env.DISPLAY)
      addon.motion(30, 40)
      expect(addon.queryPointer()).toMatchObject({ x: 30, y: 40 })
      // the lost server's segment was dropped: the new one gets its own
      expect(addon.capturePng(0, 0, 200, 200, 1, 2)).toMatchObject({ width: 200, height: 200 })
    } finally {
      addon.close()
      await second.stop()
      if (savedAuthority === undefined) delete process.env["XAUTHORITY"]
      else process.env["XAUTHORITY"] = savedAuthority
    }
  }, 120_000)

  it("a clipboard owner whose X server goes away exits instead of spinning", async () => {
    const desktop = await startDesktop({ apps: [] })
    const saved = { DISPLAY: process.env["DISPLAY"], XAUTHORITY: process.env["XAUTHORITY"] }
    Object.assign(process.env, { DISPLAY: desktop.env.DISPLAY, XAUTHORITY: desktop.env.XAUTHORITY })
    let pid: number
    try {
      pid = await startOwner("CLIPBOARD", selectionItems({ type: "text", text: "outlived its server" }))
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key]
        else process.env[key] = value
      }
    }
    expect(alive(pid)).toBe(true)
    await desktop.stop()
    // Before the fix its serve loop spun a core for as long as it lived (found left behind by a benchmark run).
    for (let i = 0; i < 100 && alive(pid); i++) await sleep(50)
    expect(alive(pid)).toBe(false)
  }, 120_000)
})
