/**
 * Issue 9 item 10: `press --headed --app NAME` while another app's window is active. The target window is made
 * active through the window manager and verified before the key goes out, so the key lands in NAME (its entry's
 * text, read through the fixture's control socket) and not in the window that was active. Without --headed nothing
 * may move the focus: keys for a window that is not the active one are refused and none is sent.
 */
import { controlFixture, fixtureControlPath } from "@agent-desktop/desktop"
import { execFileSync } from "node:child_process"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { describe, expect, it } from "vitest"
import { linuxEngine } from "../../test/linuxEngine.js"
import { useDesktop } from "../../test/useDesktop.js"

const desktop = useDesktop({ apps: ["fixture", "grid:2"], windowManager: "openbox" })
const home = mkdtempSync(join(tmpdir(), "ad-press-focus-"))

const { ok, run } = linuxEngine(home)
const tool = (command: string, args: ReadonlyArray<string>) => execFileSync(command, args, { env: process.env, encoding: "utf8" }).trim()
const windowOf = (pid: number, name: string) => tool("xdotool", ["search", "--sync", "--onlyvisible", "--pid", String(pid), "--name", name]).split("\n")[0]!

describe("press --headed --app focuses that app's window first", () => {

  it("the key lands in the fixture's entry although the grid was the active window", async () => {
    const control = (request: Parameters<typeof controlFixture>[1]) => controlFixture(fixtureControlPath(desktop().stateDir), request)
    const snapshot = await ok("snapshot", { app: "fixture", interactive_only: true, timeout_ms: 10_000 })
    const all = (n: any): Array<any> => [n, ...(n.children ?? []).flatMap(all)]
    const entry = all(snapshot.tree).find((n) => n.role === "textfield" && n.name === "Name")
    await ok("set-value", { ref_id: entry.ref_id, value: "ab" })
    await ok("focus", { ref_id: entry.ref_id })
    const fixture = windowOf(desktop().apps[0]!.pid, "^Fixture$")
    const grid = windowOf(desktop().apps[1]!.pid, "^Grid 2$")
    tool("xdotool", ["windowactivate", "--sync", grid])
    expect(tool("xdotool", ["getactivewindow"])).toBe(grid)
    await ok("press", { combo: "end", app: "fixture" }, true)
    await ok("press", { combo: "x", app: "fixture" }, true)
    expect(tool("xdotool", ["getactivewindow"])).toBe(fixture)
    let text: string | null | undefined = ""
    for (let i = 0; i < 40 && text !== "abx"; i++) {
      text = (await control({ op: "state", id: "entry" })).text
      if (text !== "abx") await sleep(50)
    }
    expect(text).toBe("abx")
  })

  it("without --headed, keys for a window that is not the active one are refused and none is sent", async () => {
    const control = (request: Parameters<typeof controlFixture>[1]) => controlFixture(fixtureControlPath(desktop().stateDir), request)
    const before = (await control({ op: "state", id: "entry" })).text
    const grid = windowOf(desktop().apps[1]!.pid, "^Grid 2$")
    tool("xdotool", ["windowactivate", "--sync", grid])
    let refused: any
    // AT-SPI hears of the activation a moment after the X server: the fixture's window stops being active.
    for (let i = 0; i < 40 && refused?.error?.details?.kind !== "window_not_active"; i++) {
      refused = await run("press", { combo: "y", app: "fixture" })
      if (refused.ok) throw new Error(`press was sent to an inactive window: ${JSON.stringify(refused)}`)
      if (refused.error?.details?.kind !== "window_not_active") await sleep(50)
    }
    expect(refused.error).toMatchObject({ code: "POLICY_DENIED", disposition: { delivery: "not_delivered" }, details: { kind: "window_not_active" } })
    expect(tool("xdotool", ["getactivewindow"])).toBe(grid)
    await sleep(300)
    expect((await control({ op: "state", id: "entry" })).text).toBe(before)
  })
})
