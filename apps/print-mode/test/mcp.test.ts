// wave as an MCP client (`--mcp-config`, Claude Code's format): the model calls another server's tools as
// `mcp__<server>__<tool>`, over stdio, streamable HTTP and HTTP+SSE, through the permission gate. The server is our
// own (tools/fake-model's marker server, official SDK); each call that should have run is checked by the file its
// `write_marker` tool wrote, each call that should not, by the file's absence.
import * as fs from "node:fs"
import * as path from "node:path"
import { finish, MARKER_STDIO_SERVER, match, reply, sse, startMcpHttp, toolCall } from "@agent-desktop/fake-model"
import { describe, expect, it } from "vitest"
import { makeHome, runWave, withFake } from "./runWave.js"
import { expectValidStream } from "./schemas.js"

/** The model calls `tool` once with `args`, then answers with what the tool result said. */
const callOnce = (tool: string, args: Record<string, unknown>) => ({
  rules: [
    { name: "answer", match: match.hasToolResult(), reply: (req: { chat: ReadonlyArray<{ role: string; content?: unknown }> }) => reply(`tool said: ${String(req.chat.find((m) => m.role === "tool")?.content)}`) },
    { name: "call", match: match.always, reply: sse([toolCall({ id: "m1", name: tool, args }), finish("tool_calls")]) }
  ]
})

const stdioConfig = (name = "marker", env: Record<string, string> = {}) => ({
  mcpServers: { [name]: { command: process.execPath, args: [MARKER_STDIO_SERVER, name], env } }
})

const writeConfig = (dir: string, config: unknown, file = "mcp.json") => {
  fs.writeFileSync(path.join(dir, file), JSON.stringify(config))
  return file
}

/** Live processes whose command line contains `needle`. */
const processesWith = (needle: string): Array<number> =>
  fs.readdirSync("/proc").filter((entry) => /^\d+$/.test(entry)).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(needle) && !/^\d+ \(.*\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"))
    } catch {
      return false
    }
  }).map(Number)

describe("--mcp-config", () => {
  it("stdio: the model calls mcp__marker__write_marker, allowed by --allowedTools mcp__marker; the file is written", async () => {
    const home = makeHome()
    const marker = path.join(home, "stdio-marker.txt")
    await withFake(callOnce("mcp__marker__write_marker", { path: marker, text: "FROM_WAVE" }), async (fake) => {
      const config = writeConfig(home, stdioConfig("marker"))
      const run = await runWave(["-p", "write the marker", "--output-format", "stream-json", "--mcp-config", config, "--allowedTools", "mcp__marker", "--verbose"], fake, { cwd: home })
      expect(run.code, run.stderr).toBe(0)
      // --verbose: the connection and the server's own stderr, on wave's stderr.
      expect(run.stderr).toContain("[wave] mcp marker: connected, 4 tool(s)")
      expect(run.stderr).toContain('[wave] mcp marker stderr: marker MCP server "marker" listening on stdio')
      const lines = run.lines()
      expectValidStream(lines)
      expect(lines[0]).toMatchObject({ subtype: "init", mcp_servers: [{ name: "marker", status: "connected" }] })
      expect(lines[0]!["tools"]).toEqual(expect.arrayContaining(["Bash", "Agent", "mcp__marker__write_marker", "mcp__marker__read_marker", "mcp__marker__read_env", "mcp__marker__fail"]))
      const offered = (fake.requests[0]!.body["tools"] as Array<{ function: { name: string; parameters: { required?: Array<string> } } }>)
      expect(offered.find((t) => t.function.name === "mcp__marker__write_marker")?.function.parameters.required).toEqual(["path", "text"])
      expect(fs.readFileSync(marker, "utf8")).toBe("FROM_WAVE")
      expect(lines.find((line) => line["subtype"] === "end")).toMatchObject({ name: "mcp__marker__write_marker", success: true })
      expect(lines.at(-1)).toMatchObject({ subtype: "success", result: `tool said: wrote 9 bytes to ${marker}` })
    })
    // The server was stopped with the run.
    expect(processesWith(MARKER_STDIO_SERVER)).toEqual([])
  })

  it("default mode: an MCP tool needs an allow rule, read-only or not; the denial is reported and nothing is written", async () => {
    const home = makeHome()
    const marker = path.join(home, "denied.txt")
    const config = writeConfig(home, stdioConfig())
    await withFake(callOnce("mcp__marker__write_marker", { path: marker, text: "NO" }), async (fake) => {
      const run = await runWave(["-p", "write", "--output-format", "json", "--mcp-config", config, "--allowedTools", "mcp__other"], fake, { cwd: home })
      const result = JSON.parse(run.stdout)
      expect(run.code).toBe(0)
      expect(fs.existsSync(marker)).toBe(false)
      expect(result.permission_denials).toEqual([{ tool_name: "mcp__marker__write_marker", tool_use_id: "m1", tool_input: { path: marker, text: "NO" } }])
      expect(result.result).toContain("needs permission")
    })
    await withFake(callOnce("mcp__marker__read_env", { name: "HOME" }), async (fake) => {
      const run = await runWave(["-p", "read", "--output-format", "json", "--mcp-config", config], fake, { cwd: home })
      expect(JSON.parse(run.stdout).permission_denials[0].tool_name).toBe("mcp__marker__read_env")
    })
  })

  it("plan runs an MCP tool only when the server marks it read-only and a rule allows it; bypass and a bare deny", async () => {
    const home = makeHome()
    const config = writeConfig(home, stdioConfig())
    fs.writeFileSync(path.join(home, "existing.txt"), "PLAN_READ_OK")
    await withFake(callOnce("mcp__marker__read_marker", { path: path.join(home, "existing.txt") }), async (fake) => {
      const run = await runWave(["-p", "read", "--output-format", "json", "--mcp-config", config, "--permission-mode", "plan", "--allowedTools", "mcp__marker__*"], fake, { cwd: home })
      expect(JSON.parse(run.stdout)).toMatchObject({ result: "tool said: PLAN_READ_OK" })
    })
    const planned = path.join(home, "plan-write.txt")
    await withFake(callOnce("mcp__marker__write_marker", { path: planned, text: "x" }), async (fake) => {
      await runWave(["-p", "write", "--output-format", "json", "--mcp-config", config, "--permission-mode", "plan", "--allowedTools", "mcp__marker"], fake, { cwd: home })
      expect(fs.existsSync(planned)).toBe(false)
    })
    const bypassed = path.join(home, "bypass.txt")
    await withFake(callOnce("mcp__marker__write_marker", { path: bypassed, text: "BYPASS" }), async (fake) => {
      await runWave(["-p", "write", "--output-format", "json", "--mcp-config", config, "--dangerously-skip-permissions"], fake, { cwd: home })
      expect(fs.readFileSync(bypassed, "utf8")).toBe("BYPASS")
    })
    await withFake({ rules: [{ match: match.always, reply: reply("ok") }] }, async (fake) => {
      const run = await runWave(["-p", "hi", "--output-format", "stream-json", "--mcp-config", config, "--disallowedTools", "mcp__marker__write_marker"], fake, { cwd: home })
      const tools = run.lines()[0]!["tools"] as Array<string>
      expect(tools).toContain("mcp__marker__read_marker")
      expect(tools).not.toContain("mcp__marker__write_marker")
    })
  })

  it("streamable HTTP and HTTP+SSE from a JSON string, with ${VAR} headers; a server that cannot start is a recoverable error", async () => {
    const home = makeHome()
    const server = await startMcpHttp({ cwd: home, requireHeaders: { authorization: "Bearer SECRET_T" } })
    try {
      const config = JSON.stringify({
        mcpServers: {
          web: { type: "http", url: server.url, headers: { Authorization: "Bearer ${MCP_TOKEN}" } },
          old: { type: "sse", url: server.sseUrl, headers: { Authorization: "Bearer ${MCP_TOKEN}" } },
          broken: { command: path.join(home, "no-such-server") }
        }
      })
      for (const [tool, file] of [["mcp__web__write_marker", "http.txt"], ["mcp__old__write_marker", "sse.txt"]] as const) {
        await withFake(callOnce(tool, { path: file, text: `VIA_${file}` }), async (fake) => {
          const run = await runWave(["-p", "write", "--output-format", "stream-json", "--mcp-config", config, "--allowedTools", "mcp__web,mcp__old"], fake, {
            cwd: home,
            env: { MCP_TOKEN: "SECRET_T" }
          })
          expect(run.code, run.stderr).toBe(0)
          const lines = run.lines()
          expect(lines[0]!["mcp_servers"]).toEqual([{ name: "web", status: "connected" }, { name: "old", status: "connected" }, { name: "broken", status: "failed" }])
          expect(lines.find((line) => line["type"] === "error")).toMatchObject({ source: "create", recoverable: true, message: expect.stringContaining('MCP server "broken" failed to start') })
          expect(lines.at(-1)).toMatchObject({ subtype: "success", errors: [expect.stringContaining("broken")] })
          expect(fs.readFileSync(path.join(home, file), "utf8")).toBe(`VIA_${file}`)
        })
      }
      expect(server.requests.some((request) => request.headers["authorization"] === "Bearer SECRET_T")).toBe(true)
    } finally {
      await server.close()
    }
  })

  it("a stdio server gets wave's environment without the model credentials, plus its own env", async () => {
    const home = makeHome()
    const config = writeConfig(home, stdioConfig("marker", { MARKER_OWN: "${OWN_SOURCE:-fallback}" }))
    for (const [name, expected] of [["WAVE_API_KEY", "(unset)"], ["MARKER_OWN", "fallback"], ["EXTRA_USER_VAR", "kept"]] as const) {
      await withFake(callOnce("mcp__marker__read_env", { name }), async (fake) => {
        const run = await runWave(["-p", "env", "--output-format", "json", "--mcp-config", config, "--allowedTools", "mcp__marker__read_env"], fake, {
          cwd: home,
          env: { EXTRA_USER_VAR: "kept" }
        })
        expect(JSON.parse(run.stdout).result).toBe(`tool said: ${expected}`)
      })
    }
  })

  it("a project's .mcp.json is used only in a trusted project, and never with --strict-mcp-config", async () => {
    const home = makeHome()
    writeConfig(home, stdioConfig("proj"), ".mcp.json")
    await withFake({ rules: [{ match: match.always, reply: reply("ok") }] }, async (fake) => {
      const untrusted = await runWave(["-p", "hi", "--output-format", "stream-json"], fake, { cwd: home })
      const lines = untrusted.lines()
      expect(lines[0]!["tools"]).not.toContain("mcp__proj__write_marker")
      expect(lines[0]!["mcp_servers"]).toEqual([])
      expect(lines.find((line) => line["type"] === "error")!["message"]).toMatch(/\.mcp\.json were not used \(proj\): the directory is not trusted/)
      const trusted = await runWave(["-p", "hi", "--output-format", "stream-json", "--trust-project"], fake, { cwd: home })
      expect(trusted.lines()[0]!["tools"]).toContain("mcp__proj__write_marker")
      const strict = await runWave(["-p", "hi", "--output-format", "stream-json", "--trust-project", "--strict-mcp-config", "--mcp-config", writeConfig(home, stdioConfig("flag"))], fake, { cwd: home })
      const strictInit = strict.lines()[0]!
      expect(strictInit["mcp_servers"]).toEqual([{ name: "flag", status: "connected" }])
      expect(strictInit["tools"]).not.toContain("mcp__proj__write_marker")
      expect(strict.lines().some((line) => line["type"] === "error")).toBe(false)
    })
  })

  it("a bad --mcp-config is an argument error before anything starts", async () => {
    await withFake({ rules: [{ match: match.always, reply: reply("ok") }] }, async (fake) => {
      for (const [value, message] of [
        ["missing.json", /--mcp-config missing.json: ENOENT/],
        ['{"mcpServers":{"x":{"type":"http"}}}', /server "x" needs a "url"/],
        ['{"servers":{}}', /no "mcpServers" object/],
        ['{"mcpServers":{"x":{"command":"${NOPE_NOT_SET}"}}}', /environment variable\(s\) not set: NOPE_NOT_SET/]
      ] as const) {
        const run = await runWave(["-p", "hi", "--output-format", "json", "--mcp-config", value], fake)
        expect(run.code).toBe(1)
        expect(JSON.parse(run.stdout).errors[0]).toMatch(message)
      }
      expect(fake.requests).toHaveLength(0)
    })
  })
})
