/**
 * The data-control clipboard on the two non-wlroots compositors: KWin 5.27 offers zwlr_data_control_manager_v1 to
 * any client (set, read and clear work, read back by wl-clipboard, another client); gnome-shell 43 (mutter) offers
 * none, so every call refuses before anything is sent, naming the protocol. sway is covered through the command in
 * apps/cli/src/e2e/wayland/swayClipboard.test.ts.
 */
import { startGnomeShell, startKwin } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { spawnSync } from "node:child_process"
import { readdirSync, readFileSync } from "node:fs"
import { requireAddon } from "../../test/requireAddon.js"
import { clipboardCapabilityHere, dataControlClipboard } from "./dataControlClipboard.js"
import { closeWayland } from "./openWayland.js"

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Runs `body` with this process pointed at the session (the backend reads process.env, as the CLI does). */
const inSession = async (sessionEnv: Readonly<Record<string, string | undefined>>, body: () => Promise<void>) => {
  const saved = { ...process.env }
  Object.assign(process.env, sessionEnv, { XDG_SESSION_TYPE: "wayland" })
  closeWayland()
  try {
    await body()
  } finally {
    closeWayland()
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key]
    Object.assign(process.env, saved)
  }
}

const owners = (display: string): Array<string> =>
  readdirSync("/proc").filter((p) => /^\d+$/.test(p)).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("clipboard/clipboardOwner.js") &&
        readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`WAYLAND_DISPLAY=${display}`)
    } catch {
      return false
    }
  })

describe("the data-control clipboard beyond wlroots", () => {
  it("kwin_wayland: set, read and clear, read back by wl-paste; the owner exits when cleared", async () => {
    requireAddon()
    const desktop = await startKwin({ timeoutMs: 60_000 })
    const display = desktop.env.WAYLAND_DISPLAY
    const paste = (...args: Array<string>) => spawnSync("wl-paste", ["--no-newline", ...args], { env: { ...process.env, ...desktop.env }, timeout: 10_000 })
    try {
      await inSession(desktop.env, async () => {
        const capability = clipboardCapabilityHere()
        assert.strictEqual(capability.state, "available", JSON.stringify(capability))
        const { ownerPid } = await Effect.runPromise(dataControlClipboard.clipboardWrite({ type: "text", text: "KWin ✓" }))
        assert.deepStrictEqual(owners(display), [String(ownerPid)])
        assert.strictEqual(paste().stdout.toString("utf8"), "KWin ✓")
        assert.deepStrictEqual(await Effect.runPromise(dataControlClipboard.clipboardRead("auto")), { type: "text", text: "KWin ✓" })
        await Effect.runPromise(dataControlClipboard.clipboardClear())
        const after = paste("--list-types")
        assert.notStrictEqual(after.status, 0)
        for (let i = 0; i < 60 && owners(display).length > 0; i++) await sleep(50)
        assert.deepStrictEqual(owners(display), [])
        assert.isUndefined(await Effect.runPromise(dataControlClipboard.clipboardRead("auto")))
      })
    } finally {
      await desktop.stop()
    }
  }, 120_000)

  it("gnome-shell: every call refuses naming zwlr_data_control_manager_v1; no owner starts", async () => {
    requireAddon()
    const desktop = await startGnomeShell({ timeoutMs: 60_000 })
    try {
      await inSession(desktop.env, async () => {
        const capability = clipboardCapabilityHere()
        assert.strictEqual(capability.state, "unavailable")
        assert.include(capability.state === "unavailable" ? capability.reason : "", "zwlr_data_control_manager_v1")
        for (const call of [
          dataControlClipboard.clipboardRead("text"),
          dataControlClipboard.clipboardWrite({ type: "text", text: "x" }),
          dataControlClipboard.clipboardClear()
        ]) {
          const error = await Effect.runPromise(Effect.flip(call as Effect.Effect<unknown, { code: string; details?: Record<string, unknown>; steps?: ReadonlyArray<unknown> }>))
          assert.strictEqual(error.code, "PLATFORM_NOT_SUPPORTED")
          assert.deepStrictEqual(error.details, { kind: "protocol_unavailable", protocol: "zwlr_data_control_manager_v1" })
          assert.deepStrictEqual(error.steps, [])
        }
        assert.deepStrictEqual(owners(desktop.env.WAYLAND_DISPLAY), [])
      })
    } finally {
      await desktop.stop()
    }
  }, 120_000)
})
