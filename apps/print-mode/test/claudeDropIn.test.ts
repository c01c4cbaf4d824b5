// `claude -p` users' command lines, copied unchanged from Claude Code's public documentation (its "headless" / "Run
// Claude Code programmatically" page and its CLI reference), run by bash with wave installed as `claude` on PATH.
// Each line's effect is checked through another channel where it has one: the git history a commit line made, the
// file an MCP tool wrote, the conversation the fake model was sent, the JSON jq read.
import { execFileSync, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { type FakeModel, finish, http, MARKER_STDIO_SERVER, match, reply, type RecordedRequest, sse, toolCall } from "@agent-desktop/fake-model"
import { describe, expect, it } from "vitest"
import { makeHome, WAVE_BIN, withFake } from "./runWave.js"
import { expectValidEvent, expectValidResult } from "./schemas.js"

interface Shell {
  readonly stdout: string
  readonly stderr: string
  readonly code: number | null
}

/** A project directory (a git repository with a staged change), and a bin directory where `claude` is wave. */
const project = (): { dir: string; bin: string } => {
  const dir = makeHome()
  const git = (...args: Array<string>) => execFileSync("git", args, { cwd: dir, stdio: "ignore" })
  git("init", "-q", "-b", "main")
  git("config", "user.email", "t@example.com")
  git("config", "user.name", "T")
  fs.writeFileSync(path.join(dir, "README.md"), "# demo\n")
  git("add", "README.md")
  git("commit", "-q", "-m", "initial")
  fs.writeFileSync(path.join(dir, "README.md"), "# demo\n\nmore\n")
  git("add", "README.md")
  fs.writeFileSync(path.join(dir, "auth.py"), "def login():\n    return Flase\n")
  fs.writeFileSync(path.join(dir, "logs.txt"), "ERROR db timeout\n")
  const bin = path.join(dir, ".bin")
  fs.mkdirSync(bin)
  fs.symlinkSync(WAVE_BIN, path.join(bin, "claude"))
  // The docs pipe `gh pr diff`; this `gh` prints a canned diff so the command line stays as written.
  fs.writeFileSync(path.join(bin, "gh"), "#!/bin/sh\nprintf 'diff --git a/app.py b/app.py\\n+query = \"SELECT * FROM t WHERE id=\" + user_id\\n'\n", { mode: 0o755 })
  return { dir, bin }
}

/** Runs `script` with bash in `dir`, wave as `claude` first on PATH, pointed at the fake model. */
const sh = (script: string, where: { dir: string; bin: string }, fake: FakeModel, args: Array<string> = []) =>
  new Promise<Shell>((resolve, reject) => {
    const child = spawn("/bin/bash", ["-c", script, "doc-line", ...args], {
      cwd: where.dir,
      env: {
        PATH: `${where.bin}:${process.env["PATH"]}`,
        HOME: where.dir,
        AGENT_DESKTOP_HOME: path.join(where.dir, ".agent-desktop"),
        WAVE_BASE_URL: fake.url,
        WAVE_API_KEY: "test-key",
        WAVE_MODEL: "main-m",
        WAVE_MAX_RETRIES: "1",
        WAVE_RETRY_BASE_MS: "5",
        WAVE_DISABLE_DESKTOP: "1",
        MARKER_SERVER: MARKER_STDIO_SERVER
      },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (part: Buffer) => (stdout += part.toString()))
    child.stderr.on("data", (part: Buffer) => (stderr += part.toString()))
    child.on("error", reject)
    child.on("close", (code) => resolve({ stdout, stderr, code }))
  })

const lastUser = (marker: string) => match.lastUserContains(marker)
const turn = (marker: string, toolResults: number) => match.all(match.firstUserContains(marker), match.toolResultCount(toolResults))
const bash = (id: string, command: string) => sse([toolCall({ id, name: "Bash", args: { command } }), finish("tool_calls")])
const toolOutput = (request: RecordedRequest, id: string) => String(request.chat.find((m) => m.role === "tool" && m.tool_call_id === id)?.content ?? "")
const gitLog = (dir: string) => execFileSync("git", ["log", "--format=%s"], { cwd: dir, encoding: "utf8" }).trim().split("\n")

describe("claude -p command lines from Claude Code's docs, unchanged, against wave", () => {
  it("tool approval: --allowedTools \"Bash,Read\" and the git-prefix rules make the commits; a push stays denied", async () => {
    const where = project()
    await withFake({
      rules: [
        { match: turn("Stage my changes", 0), reply: bash("s1", "git commit -q -m 'Stage: readme'") },
        { match: turn("Stage my changes", 1), reply: reply("Committed.") },
        { match: turn("Look at my staged changes", 0), reply: bash("c1", "git diff --cached --stat") },
        { match: turn("Look at my staged changes", 1), reply: bash("c2", "git commit -m 'Update the readme'") },
        { match: turn("Look at my staged changes", 2), reply: bash("c3", "git push origin main") },
        { match: turn("Look at my staged changes", 3), reply: reply("Commit created.") }
      ]
    }, async (fake) => {
      // headless page (SDK era), "Basic usage"
      const staged = await sh(`claude -p "Stage my changes and write a set of commits for them" \\
  --allowedTools "Bash,Read" \\
  --permission-mode acceptEdits`, where, fake)
      expect(staged.code, staged.stderr).toBe(0)
      expect(staged.stdout).toBe("\n🔧 Bash git commit -q -m 'Stage: readme'\n\nCommitted.\n")
      expect(gitLog(where.dir)[0]).toBe("Stage: readme")
      fs.appendFileSync(path.join(where.dir, "README.md"), "again\n")
      execFileSync("git", ["add", "README.md"], { cwd: where.dir })
      // current headless page, "Auto-approve tools"
      const committed = await sh(`claude -p "Look at my staged changes and create an appropriate commit" \\
  --allowedTools "Bash(git diff *),Bash(git log *),Bash(git status *),Bash(git commit *)"`, where, fake)
      expect(committed.code, committed.stderr).toBe(0)
      expect(committed.stdout.endsWith("Commit created.\n")).toBe(true)
      expect(gitLog(where.dir)[0]).toBe("Update the readme")
      const last = fake.requests.at(-1)!
      expect(toolOutput(last, "c1")).toContain("README.md")
      expect(toolOutput(last, "c3")).toMatch(/^Error: Permission denied: Bash needs permission for the command "git push origin main"/)
    })
  })

  it("output formats: json through jq, stream-json with --verbose and --include-partial-messages, text", async () => {
    const where = project()
    await withFake({
      rules: [
        { match: lastUser("Summarize this project"), reply: reply("A demo project.") },
        { match: lastUser("How does the data layer work?"), reply: reply("It is a file.") },
        { match: match.always, reply: reply("Streamed answer") }
      ]
    }, async (fake) => {
      // current headless page, "Get structured output"
      const jq = await sh(`claude -p "Summarize this project" --output-format json | jq -r '.result'`, where, fake)
      expect(jq.code, jq.stderr).toBe(0)
      expect(jq.stdout).toBe("A demo project.\n")
      // headless page (SDK era), "JSON Output"
      const json = await sh(`claude -p "How does the data layer work?" --output-format json`, where, fake)
      const result = JSON.parse(json.stdout)
      expectValidResult(result)
      expect(result).toMatchObject({ type: "result", subtype: "success", is_error: false, result: "It is a file.", num_turns: 1 })
      expect(typeof result.duration_api_ms).toBe("number")
      expect(result.usage.input_tokens).toBe(10)
      // headless page (SDK era), "Streaming JSON Output"; CLI reference, --include-partial-messages and --verbose
      for (const line of [
        `claude -p "Build an application" --output-format stream-json`,
        `claude -p --output-format stream-json --include-partial-messages "query"`,
        `claude -p "Explain recursion" --output-format stream-json --verbose --include-partial-messages`
      ]) {
        const streamed = await sh(line, where, fake)
        expect(streamed.code, `${line}\n${streamed.stderr}`).toBe(0)
        const events = streamed.stdout.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>)
        events.forEach(expectValidEvent)
        expect(events[0]).toMatchObject({ type: "system", subtype: "init" })
        expect(events.at(-1)).toMatchObject({ type: "result", result: "Streamed answer" })
      }
      // headless page (SDK era), "Text Output"; best practices: timeout and the JSON result in a variable
      expect((await sh(`claude -p "Explain file src/components/Header.tsx"`, where, fake)).stdout).toBe("Streamed answer\n")
      const timed = await sh(`complex_prompt="Analyze the whole codebase"
timeout 300 claude -p "$complex_prompt" || echo "Timed out after 5 minutes"`, where, fake)
      expect(timed.stdout).toBe("Streamed answer\n")
      const stored = await sh(`result=$(claude -p "Generate code" --output-format json)
code=$(echo "$result" | jq -r '.result')
printf '%s' "$code"`, where, fake)
      expect(stored.stdout).toBe("Streamed answer")
    })
  })

  it("a failing run: the best-practice error check sees a non-zero exit", async () => {
    const where = project()
    await withFake({ rules: [{ match: match.always, reply: http(401, { error: { message: "invalid api key" } }) }] }, async (fake) => {
      // headless page (SDK era), "Best Practices"
      const checked = await sh(`prompt="Fix the build"
if ! claude -p "$prompt" 2>error.log; then
    echo "Error occurred:" >&2
    cat error.log >&2
    exit 1
fi`, where, fake)
      expect(checked.code).toBe(1)
      expect(checked.stderr).toContain("Error occurred:")
      expect(checked.stdout).toContain("❌ Error: Model API returned HTTP 401: invalid api key")
    })
  })

  it("prompts on stdin and as stream-json; the system prompt flags", async () => {
    const where = project()
    fs.writeFileSync(path.join(where.dir, "custom-prompt.txt"), "CUSTOM_SYSTEM")
    fs.writeFileSync(path.join(where.dir, "extra-rules.txt"), "EXTRA_RULES")
    await withFake({ rules: [{ match: match.always, reply: reply("ok") }] }, async (fake) => {
      const sent = () => fake.requests.at(-1)!
      const user = () => sent().chat.filter((m) => m.role === "user").map((m) => m.content).at(-1)
      const system = () => String(sent().chat[0]!.content)
      // headless page (SDK era), "Input Formats"
      expect((await sh(`echo "Explain this code" | claude -p`, where, fake)).stdout).toBe("ok\n")
      expect(user()).toBe("Explain this code")
      const ndjson = await sh(`echo '{"type":"user","message":{"role":"user","content":[{"type":"text","text":"Explain this code"}]}}' | claude -p --output-format=stream-json --input-format=stream-json --verbose`, where, fake)
      expect(ndjson.code, ndjson.stderr).toBe(0)
      expect(JSON.parse(ndjson.stdout.trim().split("\n").at(-1)!)).toMatchObject({ type: "result", subtype: "success", result: "ok" })
      expect(user()).toBe("Explain this code")
      // CLI reference, "Process piped content"
      await sh(`cat logs.txt | claude -p "explain"`, where, fake)
      expect(user()).toBe("ERROR db timeout\n\nexplain")
      // current headless page, "Customize the system prompt" (a script's $1 is the PR number)
      const review = await sh(`gh pr diff "$1" | claude -p \\
  --append-system-prompt "You are a security engineer. Review for vulnerabilities." \\
  --output-format json`, where, fake, ["123"])
      expect(JSON.parse(review.stdout)).toMatchObject({ subtype: "success", result: "ok" })
      expect(user()).toContain("SELECT * FROM t WHERE id=")
      expect(system()).toMatch(/\n\nYou are a security engineer\. Review for vulnerabilities\.$/)
      // CLI reference, --system-prompt-file and --append-system-prompt-file
      await sh(`claude -p --system-prompt-file ./custom-prompt.txt "query"`, where, fake)
      expect(system()).toBe("CUSTOM_SYSTEM")
      await sh(`claude -p --append-system-prompt-file ./extra-rules.txt "query"`, where, fake)
      expect(system()).toMatch(/^You are wave[\s\S]*\n\nEXTRA_RULES$/)
      // current headless page, "Start faster with bare mode"
      expect((await sh(`claude --bare -p "Summarize this file" --allowedTools "Read"`, where, fake)).code).toBe(0)
    })
  })

  it("sessions: --resume with the session id read by jq, -c -p, and --max-turns", async () => {
    const where = project()
    const history = (request: RecordedRequest) => request.chat.filter((m) => m.role !== "system").map((m) => m.content)
    await withFake({
      rules: [
        { match: lastUser("Start"), reply: reply("Started.") },
        { match: match.firstUserContains("loop forever"), reply: bash("x", "true") },
        { match: match.always, reply: reply("Continued.") }
      ]
    }, async (fake) => {
      // current headless page, "Continue conversations"
      const resumed = await sh(`session_id=$(claude -p "Start a review" --output-format json | jq -r '.session_id')
claude -p "Continue that review" --resume "$session_id"`, where, fake)
      expect(resumed.code, resumed.stderr).toBe(0)
      expect(history(fake.requests.at(-1)!)).toEqual(["Start a review", "Started.", "Continue that review"])
      // headless page (SDK era), "Multi-turn Legal Assistant"
      const legal = await sh(`session_id=$(claude -p "Start legal review session" --output-format json | jq -r '.session_id')
claude -p --resume "$session_id" "Review contract.pdf for liability clauses"
claude -p --resume "$session_id" "Check compliance with GDPR requirements"`, where, fake)
      expect(legal.stdout).toBe("Continued.\nContinued.\n")
      expect(history(fake.requests.at(-1)!)).toEqual([
        "Start legal review session", "Started.", "Review contract.pdf for liability clauses", "Continued.", "Check compliance with GDPR requirements"
      ])
      // CLI reference, "Continue via SDK"
      await sh(`claude -c -p "Check for type errors"`, where, fake)
      expect(history(fake.requests.at(-1)!).slice(-2)).toEqual(["Continued.", "Check for type errors"])
      // CLI reference, --max-turns (a model that would call tools forever)
      const before = fake.requests.length
      const limited = await sh(`claude -p --max-turns 3 "loop forever"`, where, fake)
      expect(limited.code).toBe(1)
      expect(fake.requests.length - before).toBe(3)
    })
  })

  it("MCP: the SRE example's --mcp-config and mcp__datadog rule; --disallowedTools with the CLI reference's values", async () => {
    const where = project()
    fs.writeFileSync(path.join(where.dir, "monitoring-tools.json"), JSON.stringify({
      mcpServers: { datadog: { command: process.execPath, args: [MARKER_STDIO_SERVER, "datadog"] } }
    }))
    await withFake({
      rules: [
        { match: turn("Incident:", 0), reply: sse([toolCall({ id: "d1", name: "mcp__datadog__write_marker", args: { path: "incident-notes.txt", text: "checked datadog" } }), finish("tool_calls")]) },
        { match: turn("Incident:", 1), reply: reply("Restart the payment service.") },
        { match: turn("git history", 0), reply: bash("g1", "git log --oneline") },
        { match: match.always, reply: reply("Nothing to do.") }
      ]
    }, async (fake) => {
      // headless page (SDK era), "SRE Incident Response Bot"
      const sre = await sh(`# Automated incident response agent
investigate_incident() {
    local incident_description="$1"
    local severity="\${2:-medium}"

    claude -p "Incident: $incident_description (Severity: $severity)" \\
      --append-system-prompt "You are an SRE expert. Diagnose the issue, assess impact, and provide immediate action items." \\
      --output-format json \\
      --allowedTools "Bash,Read,WebSearch,mcp__datadog" \\
      --mcp-config monitoring-tools.json
}

# Usage
investigate_incident "Payment API returning 500 errors" "high"`, where, fake)
      expect(sre.code, sre.stderr).toBe(0)
      expect(JSON.parse(sre.stdout)).toMatchObject({ subtype: "success", result: "Restart the payment service." })
      expect(fs.readFileSync(path.join(where.dir, "incident-notes.txt"), "utf8")).toBe("checked datadog")
      expect(fake.requests.find((r) => r.chat.some((m) => String(m.content).includes("Incident: Payment API returning 500 errors (Severity: high)")))).toBeDefined()
      // headless page (SDK era), "Automated Security Review": the report file holds the JSON result
      const audit = await sh(`audit_pr() {
    local pr_number="$1"

    gh pr diff "$pr_number" | claude -p \\
      --append-system-prompt "You are a security engineer. Review this PR for vulnerabilities, insecure patterns, and compliance issues." \\
      --output-format json \\
      --allowedTools "Read,Grep,WebSearch"
}

# Usage and save to file
audit_pr 123 > security-report.json`, where, fake)
      expect(audit.code, audit.stderr).toBe(0)
      expectValidResult(JSON.parse(fs.readFileSync(path.join(where.dir, "security-report.json"), "utf8")))
      // The CLI reference's --disallowedTools values: a git log call the model makes is denied.
      const denied = await sh(`claude -p "show the git history" --disallowedTools "Bash(git log:*)" "Bash(git diff:*)" "Edit" --allowedTools "Bash"`, where, fake)
      expect(denied.code, denied.stderr).toBe(0)
      expect(toolOutput(fake.requests.at(-1)!, "g1")).toMatch(/Permission denied: .*--disallowed-tools Bash\(git log:\*\)/)
    })
  })
})
