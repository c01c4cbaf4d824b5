import { describe, expect, it } from "vitest"
import { mergeServers, parseMcpConfig } from "./McpConfig.js"
import { mcpOutcome } from "./mcpResult.js"
import { mcpToolName } from "./McpServers.js"
import { serverEnvironment } from "./McpConnection.js"

const parse = (config: unknown, env: Record<string, string> = {}) => parseMcpConfig(JSON.stringify(config), "test.json", env)

describe("MCP configuration (Claude Code's format)", () => {
  it("reads stdio, http, streamable-http and sse servers, expanding ${VAR} and ${VAR:-default}", () => {
    expect(parse({
      mcpServers: {
        files: { command: "${BIN:-node}", args: ["server.js", "--root=${ROOT}"], env: { TOKEN: "${SECRET}" } },
        web: { type: "http", url: "https://h/${PATH_PART}", headers: { Authorization: "Bearer ${SECRET}" } },
        same: { type: "streamable-http", url: "http://h/mcp" },
        old: { type: "sse", url: "http://h/sse" },
        untyped: { url: "http://h/u" }
      }
    }, { ROOT: "/r", SECRET: "s3", PATH_PART: "mcp" })).toEqual({
      servers: [
        { kind: "stdio", name: "files", command: "node", args: ["server.js", "--root=/r"], env: { TOKEN: "s3" }, origin: "test.json" },
        { kind: "http", name: "web", url: "https://h/mcp", headers: { Authorization: "Bearer s3" }, origin: "test.json" },
        { kind: "http", name: "same", url: "http://h/mcp", headers: {}, origin: "test.json" },
        { kind: "sse", name: "old", url: "http://h/sse", headers: {}, origin: "test.json" },
        { kind: "http", name: "untyped", url: "http://h/u", headers: {}, origin: "test.json" }
      ]
    })
  })

  it("says what is wrong, naming the file and the server", () => {
    for (const [config, problem] of [
      [{ servers: {} }, /test.json has no "mcpServers" object/],
      [{ mcpServers: { "bad name": { command: "x" } } }, /server "bad name": a server name has only/],
      [{ mcpServers: { x: { args: [] } } }, /server "x" needs a "command"/],
      [{ mcpServers: { x: { command: "c", args: [1] } } }, /"args" must be strings/],
      [{ mcpServers: { x: { command: "c", env: { A: 1 } } } }, /"env" must map names to strings/],
      [{ mcpServers: { x: { type: "ws", url: "ws://h" } } }, /unknown "type" "ws"/],
      [{ mcpServers: { x: { type: "http", url: "ftp://h" } } }, /not an http\(s\) URL/],
      [{ mcpServers: { x: { command: "${MISSING_A}", args: ["${MISSING_B}"] } } }, /not set: MISSING_A, MISSING_B/]
    ] as const) {
      const parsed = parse(config)
      expect("problem" in parsed ? parsed.problem : "").toMatch(problem)
    }
    expect(parseMcpConfig("{", "f.json", {})).toMatchObject({ problem: expect.stringContaining("f.json is not JSON") })
  })

  it("a later server of the same name wins; names and environments as the servers get them", () => {
    const a = parse({ mcpServers: { x: { command: "a" }, y: { command: "y" } } })
    const b = parse({ mcpServers: { x: { command: "b" } } })
    if ("problem" in a || "problem" in b) throw new Error("parse")
    expect(mergeServers(a.servers, b.servers).map((s) => [s.name, s.kind === "stdio" ? s.command : ""])).toEqual([["x", "b"], ["y", "y"]])
    expect(mcpToolName("my-server", "get.item v2")).toBe("mcp__my-server__get_item_v2")
    expect(serverEnvironment({ PATH: "/bin", WAVE_API_KEY: "k", ANTHROPIC_API_KEY: "a", ANTHROPIC_AUTH_TOKEN: "t", OTHER: "o" }, { OWN: "1" }))
      .toEqual({ PATH: "/bin", OTHER: "o", OWN: "1" })
  })

  it("tool results: text as it is, other parts named, structured content when there is no text, isError a failure", () => {
    expect(mcpOutcome({ content: [{ type: "text", text: "a" }, { type: "image", data: "AAAA", mimeType: "image/png" }, { type: "resource", resource: { uri: "file:///x", text: "inline" } }] }))
      .toEqual({ output: "a\n[image image/png, 4 base64 characters]\ninline", success: true })
    expect(mcpOutcome({ content: [], structuredContent: { n: 1 } })).toEqual({ output: "{\"n\":1}", success: true })
    expect(mcpOutcome({ content: [{ type: "text", text: "boom" }], isError: true })).toEqual({ output: "Error: boom", success: false, error: "boom" })
  })
})
