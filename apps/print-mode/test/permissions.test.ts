// Finding 8 of the reliability probe: the model's shell has a permission gate, project hooks need trust, and Bash
// leaves no process behind. Real binary, fake model over real HTTP, real shell.
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { finish, match, reply, sse, toolCall } from "@agent-desktop/fake-model"
import { describe, expect, it } from "vitest"
import { makeHome, runWave, withFake } from "./runWave.js"

const LEAK = "echo $WAVE_API_KEY > leaked.txt"

/** One Bash call, then an answer once the tool result came back. */
const bashOnce = (command: string, extra: Record<string, unknown> = {}) => ({
  rules: [
    { match: match.hasToolResult(), reply: reply("done") },
    { match: match.always, reply: sse([toolCall({ id: "t1", name: "Bash", args: { command, ...extra } }), finish("tool_calls")]) }
  ]
})

/** Processes whose command line is exactly `argv`. */
const processesRunning = (argv: ReadonlyArray<string>): Array<number> =>
  fs.readdirSync("/proc").filter((entry) => /^\d+$/.test(entry)).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8") === argv.join("\0") + "\0" &&
        !/^\d+ \(.*\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"))
    } catch {
      return false
    }
  }).map(Number)

describe("wave permissions", () => {
  it("print mode's default denies Bash: the command never runs, the model is told why, the result lists the denial", async () => {
    await withFake(bashOnce(LEAK), async (fake) => {
      const home = makeHome()
      const run = await runWave(["-p", "hi", "--output-format", "json"], fake, { cwd: home })
      const result = JSON.parse(run.stdout)
      expect(run.code).toBe(0)
      expect(fs.existsSync(path.join(home, "leaked.txt"))).toBe(false)
      expect(result.permission_denials).toEqual([{ tool_name: "Bash", tool_use_id: "t1", tool_input: { command: LEAK } }])
      expect(result.tool_calls[0]).toMatchObject({ name: "Bash", success: false })
      const toolMessage = (fake.requests[1]!.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === "tool")!
      expect(toolMessage.content).toContain("Permission denied")
      expect(toolMessage.content).toContain("--allowed-tools Bash")
    })
  })

  it("an allow rule, or bypassPermissions, lets it run; plan denies it even when allowed", async () => {
    for (const [flags, command, runs] of [
      [["--allowed-tools", "Bash(touch:*)"], "touch ran.txt", true],
      // A prefix rule never approves what a shell operator chains after it.
      [["--allowed-tools", "Bash(touch:*)"], "touch ran.txt; true", false],
      [["--permission-mode", "bypassPermissions"], "touch ran.txt; true", true],
      [["--permission-mode", "plan", "--allowed-tools", "Bash"], "touch ran.txt", false]
    ] as const) {
      await withFake(bashOnce(command), async (fake) => {
        const home = makeHome()
        const run = await runWave(["-p", "hi", "--output-format", "json", ...flags], fake, { cwd: home })
        const result = JSON.parse(run.stdout)
        expect(fs.existsSync(path.join(home, "ran.txt")), `${flags.join(" ")}: ${command}`).toBe(runs)
        expect(result.permission_denials === undefined, flags.join(" ")).toBe(runs)
      })
    }
  })

  it("finding 2: a deny rule holds against every chained, redirected or substituted form (the file is never created)", async () => {
    for (const command of ["touch X", "touch X; true", "touch X && :", "touch X >/dev/null", "true | touch X", "echo $(touch X)", "sh -c 'touch X'", "timeout 5 touch X"]) {
      await withFake(bashOnce(command), async (fake) => {
        const home = makeHome()
        const run = await runWave(["-p", "hi", "--output-format", "json", "--allowed-tools", "Bash", "--disallowed-tools", "Bash(touch:*)"], fake, { cwd: home })
        const result = JSON.parse(run.stdout)
        expect(fs.existsSync(path.join(home, "X")), command).toBe(false)
        expect(result.permission_denials, command).toEqual([{ tool_name: "Bash", tool_use_id: "t1", tool_input: { command } }])
        const toolMessage = (fake.requests[1]!.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === "tool")!
        expect(toolMessage.content).toContain("--disallowed-tools Bash(touch:*)")
      })
    }
    // The same rule leaves other commands alone.
    await withFake(bashOnce("touch Y; true"), async (fake) => {
      const home = makeHome()
      await runWave(["-p", "hi", "--output-format", "json", "--allowed-tools", "Bash", "--disallowed-tools", "Bash(rm:*)"], fake, { cwd: home })
      expect(fs.existsSync(path.join(home, "Y"))).toBe(true)
    })
  })

  it("init reports the permission mode", async () => {
    await withFake({ rules: [{ match: match.always, reply: reply("ok") }] }, async (fake) => {
      const run = await runWave(["-p", "hi", "--output-format", "stream-json", "--permission-mode", "plan"], fake)
      expect(run.lines()[0]).toMatchObject({ type: "system", subtype: "init", permission_mode: "plan" })
    })
  })

  it("project hooks run only in a trusted directory (--trust-project or WAVE_TRUSTED_PROJECTS)", async () => {
    const hooked = () => {
      const home = makeHome()
      fs.mkdirSync(path.join(home, ".wave"), { recursive: true })
      fs.writeFileSync(path.join(home, ".wave", "settings.json"), JSON.stringify({ hooks: { SessionStart: [{ command: "touch hook-ran" }] } }))
      return home
    }
    await withFake({ rules: [{ match: match.always, reply: reply("ok") }] }, async (fake) => {
      const untrusted = hooked()
      const refused = JSON.parse((await runWave(["-p", "hi", "--output-format", "json"], fake, { cwd: untrusted })).stdout)
      expect(fs.existsSync(path.join(untrusted, "hook-ran"))).toBe(false)
      expect(refused.errors[0]).toContain("not trusted")
      const flagged = hooked()
      await runWave(["-p", "hi", "--output-format", "json", "--trust-project"], fake, { cwd: flagged })
      expect(fs.existsSync(path.join(flagged, "hook-ran"))).toBe(true)
      const listed = hooked()
      await runWave(["-p", "hi", "--output-format", "json"], fake, { cwd: listed, env: { WAVE_TRUSTED_PROJECTS: `/nonexistent:${listed}` } })
      expect(fs.existsSync(path.join(listed, "hook-ran"))).toBe(true)
    })
  })

  it("an untrusted project cannot turn on auto-memory: nothing is extracted, nothing lands in the user's memory", async () => {
    const project = makeHome()
    fs.mkdirSync(path.join(project, ".wave"))
    fs.writeFileSync(path.join(project, ".wave", "settings.json"), JSON.stringify({ autoMemoryEnabled: true, autoMemoryFrequency: 1 }))
    const memory = (home: string) => path.join(home, ".wave", "memory", "MEMORY.md")
    await withFake({
      rules: [
        { name: "memory", match: match.systemContains("memory extractor"), reply: reply("- PLANTED_FACT") },
        { name: "main", match: match.always, reply: reply("ok") }
      ]
    }, async (fake) => {
      const home = makeHome()
      const run = await runWave(["-p", "hi", "--output-format", "json"], fake, { cwd: project, env: { HOME: home } })
      expect(fake.requests.filter((r) => r.rule === "memory")).toHaveLength(0)
      expect(fs.existsSync(memory(home))).toBe(false)
      expect(JSON.parse(run.stdout).errors[0]).toContain("were not used (autoMemoryEnabled): the directory is not trusted")
      // The control: trusted, the same settings do extract and write.
      const trustedHome = makeHome()
      await runWave(["-p", "hi", "--output-format", "json", "--trust-project"], fake, { cwd: project, env: { HOME: trustedHome } })
      expect(fs.readFileSync(memory(trustedHome), "utf8")).toContain("PLANTED_FACT")
    })
  })

  it.skipIf(process.geteuid?.() !== 0)("a trusted project's .wave symlink into another user's directory runs none of that user's hooks (root: a real second user)", async () => {
    const user = `wave-other-${process.pid}`
    execFileSync("useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", user])
    try {
      const uid = Number(execFileSync("id", ["-u", user], { encoding: "utf8" }).trim())
      const project = makeHome()
      const theirs = fs.mkdtempSync(path.join(os.tmpdir(), "wave-theirs-"))
      fs.chmodSync(theirs, 0o755)
      fs.writeFileSync(path.join(theirs, "settings.json"), JSON.stringify({ hooks: { SessionStart: [{ command: `id -u > ${project}/hook-ran` }] } }))
      fs.chownSync(theirs, uid, uid)
      fs.chownSync(path.join(theirs, "settings.json"), uid, uid)
      fs.symlinkSync(theirs, path.join(project, ".wave"))
      await withFake({ rules: [{ match: match.always, reply: reply("ok") }] }, async (fake) => {
        const run = await runWave(["-p", "hi", "--output-format", "json", "--trust-project"], fake, { cwd: project })
        expect(fs.existsSync(path.join(project, "hook-ran"))).toBe(false)
        expect(JSON.parse(run.stdout).errors[0]).toContain(`is owned by uid ${uid}, not by you (uid 0) or root`)
      })
    } finally {
      execFileSync("userdel", [user])
    }
  })

  it("Bash's timeout_ms holds against a background grandchild, and no process survives the run", async () => {
    await withFake(bashOnce("sleep 217 & echo started; sleep 218", { timeout_ms: 2000 }), async (fake) => {
      const run = await runWave(["-p", "hi", "--output-format", "json", "--permission-mode", "bypassPermissions"], fake)
      const result = JSON.parse(run.stdout)
      expect(result.tool_calls[0]).toMatchObject({ name: "Bash", success: false, error: "Command timed out after 2000 ms" })
      expect(processesRunning(["sleep", "217"])).toEqual([])
      expect(processesRunning(["sleep", "218"])).toEqual([])
    })
  })
})
