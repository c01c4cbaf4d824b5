// A result that cannot be delivered is never exit 0: stdout on a full device, or closed by its reader.
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { match, reply } from "@agent-desktop/fake-model"
import { describe, expect, it } from "vitest"
import { makeHome, WAVE_BIN, withFake } from "./runWave.js"

const envFor = (home: string, url: string): NodeJS.ProcessEnv => ({
  PATH: process.env["PATH"],
  HOME: home,
  AGENT_DESKTOP_HOME: path.join(home, ".agent-desktop"),
  WAVE_BASE_URL: url,
  WAVE_API_KEY: "k",
  WAVE_MODEL: "main-m",
  WAVE_DISABLE_DESKTOP: "1"
})

describe("wave's stdout", () => {
  it("exits non-zero, with the reason on stderr, when stdout is full (/dev/full)", async () => {
    await withFake({ rules: [{ match: match.always, reply: reply("an answer") }] }, async (fake) => {
      const home = makeHome()
      const out = fs.openSync("/dev/full", "w")
      const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [WAVE_BIN, "-p", "hi", "--output-format", "json"], { cwd: home, env: envFor(home, fake.url), stdio: ["ignore", out, "pipe"] })
        let stderr = ""
        child.stderr!.on("data", (part) => (stderr += part))
        child.on("close", (code) => resolve({ code, stderr }))
      })
      fs.closeSync(out)
      expect(result.code).not.toBe(0)
      expect(result.stderr).toContain("could not write the result to stdout")
    })
  })

  it("exits non-zero, with the reason on stderr and nothing run, when stdout is closed at start (wave … >&-)", async () => {
    await withFake({ rules: [{ match: match.always, reply: reply("an answer") }] }, async (fake) => {
      const home = makeHome()
      // Node itself would reopen fd 1 on /dev/null: the installed `wave` (this file, run through its #! line) checks first.
      const start = (redirect: string) =>
        new Promise<{ code: number | null; stderr: string }>((resolve) => {
          const child = spawn("/bin/sh", ["-c", `exec "$0" "$@" ${redirect}`, WAVE_BIN, "-p", "hi", "--output-format", "json"], {
            cwd: home,
            env: { ...envFor(home, fake.url), PATH: `${path.dirname(process.execPath)}:${process.env["PATH"]}` },
            stdio: ["ignore", "pipe", "pipe"]
          })
          let stderr = ""
          child.stderr.on("data", (part) => (stderr += part))
          child.on("close", (code) => resolve({ code, stderr }))
        })
      const closed = await start(">&-")
      expect(closed.code).toBe(1)
      expect(closed.stderr).toContain("wave: stdout is closed")
      expect(fake.requests).toHaveLength(0)
      // The control: stdout on /dev/null is open, and the run goes ahead.
      const discarded = await start(">/dev/null")
      expect(discarded).toEqual({ code: 0, stderr: "" })
      expect(fake.requests).toHaveLength(1)
    })
  })

  it("exits non-zero when the reader closed stdout", async () => {
    await withFake({ rules: [{ match: match.always, reply: reply("an answer") }] }, async (fake) => {
      const home = makeHome()
      const code = await new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, [WAVE_BIN, "-p", "hi", "--output-format", "json"], { cwd: home, env: envFor(home, fake.url) })
        child.stdout.destroy()
        child.on("close", (exit) => resolve(exit))
      })
      expect(code).not.toBe(0)
    })
  })
})
