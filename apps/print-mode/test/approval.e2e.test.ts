// Finding 1 of the reliability probe, on a real desktop: wave's `launch` was an ungated shell (the model started
// `/bin/sh -c 'id > X'` in default mode, even with --disallowed-tools Bash). Each case checks on disk whether the
// launched program ran; bypassPermissions shows the same call does run when allowed, so the check can fail.
import { type RunningDesktop, startDesktop } from "@agent-desktop/desktop"
import { finish, match, reply, sse, toolCall } from "@agent-desktop/fake-model"
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeHome, runWave, withFake } from "./runWave.js"

let desktop: RunningDesktop | undefined

/** One launch call, then an answer once its result came back. */
const launchOnce = (args: Record<string, unknown>) => ({
  rules: [
    { match: match.hasToolResult(), reply: reply("done") },
    { match: match.always, reply: sse([toolCall({ id: "l1", name: "launch", args: { timeout: 5000, ...args } }), finish("tool_calls")]) }
  ]
})

/** Runs wave against the desktop; answers whether `marker` was created and the denials of the result. */
const attempt = async (flags: ReadonlyArray<string>, args: (marker: string) => Record<string, unknown>) => {
  const home = makeHome()
  const marker = path.join(home, "ran")
  return withFake(launchOnce(args(marker)), async (fake) => {
    const run = await runWave(["-p", "start it", "--output-format", "json", ...flags], fake, {
      cwd: home,
      env: { ...desktop!.env, WAVE_DISABLE_DESKTOP: undefined }
    })
    const result = JSON.parse(run.stdout)
    const toolMessage = (fake.requests[1]?.body.messages as Array<{ role: string; content: string }> | undefined)?.find((m) => m.role === "tool")
    return { ran: fs.existsSync(marker), denials: result.permission_denials, told: toolMessage?.content ?? "" }
  })
}

const shell = (marker: string) => ({ app: "/bin/sh", arg: ["-c", `id > ${marker}`] })
const touch = (marker: string, env: Array<string> = []) => ({ app: "touch", arg: [marker], env })

describe.skipIf(process.platform !== "linux")("wave's approval model for launch (real desktop)", () => {
  beforeAll(async () => {
    desktop = await startDesktop({ apps: [], timeoutMs: 30_000 })
  }, 60_000)
  afterAll(async () => {
    await desktop?.stop()
  })

  it("a shell started by launch is a command: denied in default mode, with --disallowed-tools Bash, and with only launch allowed", async () => {
    for (const flags of [[], ["--disallowed-tools", "Bash"], ["--allowed-tools", "launch", "--disallowed-tools", "Bash"], ["--allowed-tools", "launch"]]) {
      const outcome = await attempt(flags, shell)
      expect(outcome.ran, flags.join(" ")).toBe(false)
      expect(outcome.denials, flags.join(" ")).toHaveLength(1)
      expect(outcome.told).toContain("Permission denied")
    }
    // The control: allowed, the same call runs the shell.
    expect((await attempt(["--permission-mode", "bypassPermissions"], shell)).ran).toBe(true)
  }, 120_000)

  it("an app needs a launch rule; a loader variable needs a rule naming it; Bash deny rules name programs however started", async () => {
    const denied = await attempt([], (marker) => touch(marker))
    expect(denied.ran).toBe(false)
    expect(denied.told).toContain("launch(gnome-calculator)")
    expect((await attempt(["--allowed-tools", "launch"], (marker) => touch(marker))).ran).toBe(true)
    const preload = await attempt(["--allowed-tools", "launch"], (marker) => touch(marker, ["LD_PRELOAD=/nonexistent/x.so"]))
    expect(preload.ran).toBe(false)
    expect(preload.told).toContain("--env LD_PRELOAD can make the app load or run other code")
    expect((await attempt(["--allowed-tools", "launch", "--disallowed-tools", "Bash(touch:*)"], (marker) => touch(marker))).ran).toBe(false)
    expect((await attempt(["--permission-mode", "plan", "--allowed-tools", "launch"], (marker) => touch(marker))).ran).toBe(false)
  }, 120_000)
})
