// claude -p's prompt inputs: a prompt on stdin (alone, or with an argument), the system prompt flags, NDJSON user
// messages (`--input-format stream-json`) and `--verbose`. Real binary, fake model over real HTTP; what the model
// was sent is read from the fake's request log.
import * as fs from "node:fs"
import * as path from "node:path"
import { finish, http, match, reply, sse, toolCall, type RecordedRequest } from "@agent-desktop/fake-model"
import { describe, expect, it } from "vitest"
import { spawn } from "node:child_process"
import { makeHome, runWave, WAVE_BIN, withFake } from "./runWave.js"
import { expectValidStream } from "./schemas.js"

type Message = { role: string; content: string | null }
const messages = (request: RecordedRequest) => request.body.messages as Array<Message>
const system = (request: RecordedRequest) => messages(request)[0]!.content ?? ""
const users = (request: RecordedRequest) => messages(request).filter((m) => m.role === "user").map((m) => m.content)

describe("prompt from stdin", () => {
  it("echo task | wave -p: stdin alone is the prompt", async () => {
    await withFake({ rules: [{ match: match.always, reply: reply("done") }] }, async (fake) => {
      const run = await runWave(["-p", "--output-format", "json"], fake, { stdin: "STDIN_TASK\n" })
      expect(run.code, run.stderr).toBe(0)
      expect(JSON.parse(run.stdout)).toMatchObject({ subtype: "success", result: "done" })
      expect(users(fake.requests[0]!)).toEqual(["STDIN_TASK"])
    })
  })

  it("cat log | wave -p \"explain\": stdin's content, then the argument", async () => {
    await withFake({ rules: [{ match: match.always, reply: reply("done") }] }, async (fake) => {
      const run = await runWave(["-p", "EXPLAIN_THIS"], fake, { stdin: "line 1\nline 2\n" })
      expect(run.code, run.stderr).toBe(0)
      expect(run.stdout).toBe("done\n")
      expect(users(fake.requests[0]!)).toEqual(["line 1\nline 2\n\nEXPLAIN_THIS"])
      // The fast path (init before the runtime) reads stdin too.
      const streamed = await runWave(["-p", "EXPLAIN_THIS", "--output-format", "stream-json"], fake, { stdin: "piped" })
      expectValidStream(streamed.lines())
      expect(users(fake.requests[1]!)).toEqual(["piped\n\nEXPLAIN_THIS"])
    })
  })

  it("a stdin pipe that stays silent: a warning on stderr after WAVE_STDIN_TIMEOUT_MS, then the argument alone", async () => {
    await withFake({ rules: [{ match: match.always, reply: reply("done") }] }, async (fake) => {
      const run = await runWave(["-p", "ARG_ONLY"], fake, { silentStdin: true, env: { WAVE_STDIN_TIMEOUT_MS: "300" } })
      expect(run.code, run.stderr).toBe(0)
      expect(run.stderr).toContain("no stdin data received in 0.3s, proceeding without it")
      expect(run.stdout).toBe("done\n")
      expect(users(fake.requests[0]!)).toEqual(["ARG_ONLY"])
      const none = await runWave(["-p", "--output-format", "json"], fake, { silentStdin: true, env: { WAVE_STDIN_TIMEOUT_MS: "300" } })
      expect(none.code).toBe(1)
      expect(JSON.parse(none.stdout)).toMatchObject({ subtype: "error_during_execution", errors: ["Print mode requires a message"] })
    })
  })
})

describe("system prompt flags", () => {
  it("--append-system-prompt adds to wave's prompt; --system-prompt replaces it; the -file forms read files", async () => {
    await withFake({ rules: [{ match: match.always, reply: reply("ok") }] }, async (fake) => {
      const home = makeHome()
      const appended = await runWave(["-p", "q", "--append-system-prompt", "APPENDED_RULE"], fake, { cwd: home })
      expect(appended.code, appended.stderr).toBe(0)
      expect(system(fake.requests[0]!)).toMatch(/^You are wave,[\s\S]*\n\nAPPENDED_RULE$/)
      const replaced = await runWave(["-p", "q", "--system-prompt", "You are a Python expert"], fake, { cwd: home })
      expect(replaced.code, replaced.stderr).toBe(0)
      expect(system(fake.requests[1]!)).toBe("You are a Python expert")
      fs.writeFileSync(path.join(home, "custom-prompt.txt"), "FILE_PROMPT")
      fs.writeFileSync(path.join(home, "extra-rules.txt"), "FILE_RULES")
      const files = await runWave(["-p", "--system-prompt-file", "./custom-prompt.txt", "--append-system-prompt-file", "./extra-rules.txt", "q"], fake, { cwd: home })
      expect(files.code, files.stderr).toBe(0)
      expect(system(fake.requests[2]!)).toBe("FILE_PROMPT\n\nFILE_RULES")
      // A resumed session is asked with this run's system prompt.
      const first = JSON.parse((await runWave(["-p", "q", "--output-format", "json"], fake, { cwd: home })).stdout)
      const resumed = await runWave(["-p", "--resume", first.session_id, "again", "--append-system-prompt", "RESUMED_RULE"], fake, { cwd: home })
      expect(resumed.code, resumed.stderr).toBe(0)
      expect(system(fake.requests.at(-1)!)).toMatch(/\n\nRESUMED_RULE$/)
      expect(users(fake.requests.at(-1)!)).toEqual(["q", "again"])
    })
  })

  it("a missing prompt file is an argument error with one structured result, before any model call", async () => {
    await withFake({ rules: [{ match: match.always, reply: reply("ok") }] }, async (fake) => {
      const run = await runWave(["-p", "q", "--output-format", "json", "--system-prompt-file", "nope.txt"], fake)
      expect(run.code).toBe(1)
      expect(JSON.parse(run.stdout)).toMatchObject({ subtype: "error_during_execution", is_error: true })
      expect(run.stderr).toContain("--system-prompt-file nope.txt")
      expect(fake.requests).toHaveLength(0)
    })
  })
})

describe("--input-format stream-json", () => {
  it("each NDJSON user message is a turn of its own, in order; a line that is no user message is reported and skipped", async () => {
    await withFake({
      rules: [
        { match: match.lastUserContains("FIRST"), reply: reply("answer one") },
        { match: match.lastUserContains("SECOND"), reply: reply("answer two") }
      ]
    }, async (fake) => {
      const input = [
        JSON.stringify({ type: "user", message: { role: "user", content: [{ type: "text", text: "FIRST question" }] } }),
        "{not json",
        JSON.stringify({ type: "user", message: { role: "user", content: "SECOND question" } }),
        ""
      ].join("\n")
      const run = await runWave(["-p", "--output-format", "stream-json", "--input-format", "stream-json", "--verbose"], fake, { stdin: input })
      expect(run.code, run.stderr).toBe(0)
      const lines = run.lines()
      expectValidStream(lines)
      expect(lines.filter((line) => line["subtype"] === "message_end")).toHaveLength(2)
      expect(lines.at(-1)).toMatchObject({ subtype: "success", num_turns: 2, result: "answer two", errors: ["stdin line 2 is not JSON"] })
      expect(fake.requests).toHaveLength(2)
      expect(users(fake.requests[0]!)).toEqual(["FIRST question"])
      // The second question is asked after the first answer, in the same conversation.
      expect(messages(fake.requests[1]!).slice(1).map((m) => m.content)).toEqual(["FIRST question", "answer one", "SECOND question"])
    })
  })
})

describe("--input-format stream-json, one message at a time", () => {
  it("a client that waits for a result before sending its next message gets one; the last line is the final result", async () => {
    await withFake({
      rules: [
        { match: match.lastUserContains("FIRST"), reply: reply("answer one") },
        { match: match.lastUserContains("SECOND"), reply: reply("answer two") }
      ]
    }, async (fake) => {
      const child = spawn(process.execPath, [WAVE_BIN, "-p", "--input-format", "stream-json", "--output-format", "stream-json"], {
        cwd: makeHome(),
        env: { PATH: process.env["PATH"], HOME: makeHome(), WAVE_BASE_URL: fake.url, WAVE_API_KEY: "k", WAVE_MODEL: "main-m", WAVE_DISABLE_DESKTOP: "1" },
        stdio: ["pipe", "pipe", "pipe"]
      })
      let stdout = ""
      const waiters: Array<() => void> = []
      child.stdout.on("data", (part: Buffer) => {
        stdout += part.toString()
        for (const wake of waiters.splice(0)) wake()
      })
      const results = () => stdout.split("\n").filter((line) => line.includes('"type":"result"')).length
      /** Resolves once `count` result lines arrived; fails the test after 10 s (wave would be waiting for EOF). */
      const resultCount = (count: number) => new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no result #${count} while stdin is open: ${stdout}`)), 10_000)
        const check = () => (results() >= count ? (clearTimeout(timer), resolve()) : waiters.push(check))
        check()
      })
      const send = (text: string) => child.stdin.write(`${JSON.stringify({ type: "user", message: { role: "user", content: text } })}\n`)
      const exited = new Promise<number | null>((resolve) => child.on("close", resolve))
      send("FIRST question")
      await resultCount(1)
      expect(fake.requests).toHaveLength(1)
      send("SECOND question")
      await resultCount(2)
      child.stdin.end()
      expect(await exited).toBe(0)
      const lines = stdout.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>)
      expectValidStream(lines)
      const resultLines = lines.filter((line) => line["type"] === "result")
      expect(resultLines.map((line) => [line["result"], line["num_turns"]])).toEqual([["answer one", 1], ["answer two", 2], ["answer two", 2]])
    })
  })
})

describe("--verbose", () => {
  it("tells the run turn by turn on stderr (tools, denials, retried attempts); stdout is what it is without it", async () => {
    const script = () => ({
      rules: [
        { name: "busy", match: match.always, times: 1, reply: http(429, { error: { message: "slow down" } }, { "retry-after": "0" }) },
        { match: match.hasToolResult(), reply: reply("finished") },
        { match: match.always, reply: sse([toolCall({ id: "b1", name: "Bash", args: { command: "echo hi" } }), finish("tool_calls")]) }
      ]
    })
    const quiet = await withFake(script(), (fake) => runWave(["-p", "go"], fake))
    const loud = await withFake(script(), (fake) => runWave(["-p", "go", "--verbose"], fake))
    expect(loud.code).toBe(0)
    expect(loud.stdout).toBe(quiet.stdout)
    expect(quiet.stderr).toBe("")
    expect(loud.stderr).toMatch(/\[wave\] model call \(main\) attempt failed: Model API returned HTTP 429: slow down \(retryable\)/)
    expect(loud.stderr).toMatch(/\[wave\] tool Bash \(b1\) \{"command":"echo hi"\}/)
    expect(loud.stderr).toMatch(/\[wave\] permission denied: Bash \(b1\): Bash needs permission/)
    expect(loud.stderr).toMatch(/\[wave\] model main-m \(main\): 10 prompt \+ \d+ completion tokens/)
  })
})

describe("--bare", () => {
  it("discovers nothing: no memory from earlier sessions, no project .mcp.json, no project hooks", async () => {
    const home = makeHome()
    fs.mkdirSync(path.join(home, ".wave", "memory"), { recursive: true, mode: 0o700 })
    fs.writeFileSync(path.join(home, ".wave", "memory", "MEMORY.md"), "REMEMBERED_FACT", { mode: 0o600 })
    fs.writeFileSync(path.join(home, ".mcp.json"), JSON.stringify({ mcpServers: { proj: { command: "/bin/false" } } }))
    fs.mkdirSync(path.join(home, ".wave"), { recursive: true })
    fs.writeFileSync(path.join(home, ".wave", "settings.json"), JSON.stringify({ hooks: { SessionStart: [{ command: "touch hook-ran" }] } }))
    await withFake({ rules: [{ match: match.always, reply: reply("ok") }] }, async (fake) => {
      const usual = await runWave(["-p", "q", "--output-format", "stream-json", "--trust-project"], fake, { cwd: home })
      expect(system(fake.requests[0]!)).toContain("REMEMBERED_FACT")
      expect(usual.lines()[0]!["mcp_servers"]).toEqual([{ name: "proj", status: "failed" }])
      expect(fs.existsSync(path.join(home, "hook-ran"))).toBe(true)
      fs.rmSync(path.join(home, "hook-ran"))
      const bare = await runWave(["--bare", "-p", "q", "--output-format", "stream-json", "--trust-project"], fake, { cwd: home })
      expect(bare.code, bare.stderr).toBe(0)
      expect(system(fake.requests[1]!)).not.toContain("REMEMBERED_FACT")
      expect(bare.lines()[0]!["mcp_servers"]).toEqual([])
      expect(fs.existsSync(path.join(home, "hook-ran"))).toBe(false)
      expect(bare.lines().some((line) => line["type"] === "error")).toBe(false)
    })
  })
})
