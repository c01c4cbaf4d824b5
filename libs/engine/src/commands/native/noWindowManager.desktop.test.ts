/**
 * On a desktop with no window manager, the commands that need one refuse before anything is sent, and say so: the
 * write-ahead attempt is answered by the facet's refusal, so the disposition is not_delivered / safe (before, the
 * unanswered attempt folded to delivery_uncertain / unsafe). The app is untouched (read back through /proc).
 */
import { fixturePath, systemPython } from "@agent-desktop/desktop"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { linuxEngine } from "../../test/linuxEngine.js"
import { useDesktop } from "../../test/useDesktop.js"
import { isAlive } from "./processes.js"

useDesktop({ apps: [] })
const home = mkdtempSync(join(tmpdir(), "ad-nowm-"))
const { run, ok } = linuxEngine(home)
const started: Array<number> = []

describe("window commands without a window manager", () => {
  afterAll(() => {
    for (const pid of started) if (isAlive(pid)) process.kill(pid, "SIGKILL")
  })

  it("close-app, minimize and move-window refuse with nothing sent; the app keeps running", async () => {
    const launched = await ok("launch", { app: systemPython, arg: [fixturePath("grid.py"), "2"], timeout: 30_000 })
    started.push(launched.pid)
    for (const [command, args] of [
      ["close-app", { app: "grid" }],
      ["minimize", { app: "grid" }],
      ["move-window", { app: "grid", x: 40, y: 40 }]
    ] as const) {
      const refused = await run(command, args)
      expect(refused.error, command).toMatchObject({
        code: "PLATFORM_NOT_SUPPORTED",
        details: { kind: "no_window_manager" },
        disposition: { delivery: "not_delivered", retry: "safe" }
      })
    }
    expect(isAlive(launched.pid)).toBe(true)
  }, 60_000)
})
