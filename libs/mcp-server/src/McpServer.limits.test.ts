/**
 * What an MCP server's options promise, checked with the official SDK client over real stdio (the server in its own
 * process): the tool list's limits (bytes, what a model reads, the client's listTools against `node -e 0`) with every
 * command reachable, `--read-only` writes no file, no path (a FIFO, /proc/self/fd/1) can block the server or write into
 * its JSON-RPC stream, `--tools` limits what `batch` may run and refuses a name that offers nothing. Every refusal here
 * comes before any desktop is touched, so no desktop runs; the file system shows what was (not) written.
 */
import { COMMANDS } from "@agent-desktop/contracts/commands"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { execFileSync, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bundleServer } from "./test/serverBundle.js"

let script: string
const work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "ad-mcp-limits-")))
const home = path.join(work, "home")

beforeAll(async () => {
  script = await bundleServer()
}, 60_000)

afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true })
  fs.rmSync(path.dirname(script), { recursive: true, force: true })
})

/** No desktop at all: the refusals must not need one. */
const env = (): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !["DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS", "WAYLAND_DISPLAY", "AGENT_DESKTOP_CONTRACT"].includes(key)) out[key] = value
  }
  return { ...out, AGENT_DESKTOP_HOME: home }
}

const connect = async (args: ReadonlyArray<string>) => {
  const transport = new StdioClientTransport({ command: process.execPath, args: [script, ...args], env: env(), stderr: "pipe" })
  const client = new Client({ name: "limits-test", version: "1.0.0" })
  await client.connect(transport)
  return client
}

type Envelope = { ok: boolean; error?: { code: string; details?: Record<string, unknown>; disposition: Record<string, unknown>; message: string } }

const call = async (client: Client, name: string, args: Record<string, unknown>): Promise<Envelope> => {
  const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 15_000 })
  return result.structuredContent as Envelope
}

const NOT_DELIVERED = { delivery: "not_delivered", retry: "safe" }

const median = (values: ReadonlyArray<number>): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** The limits of the default tool list (issue 22): what an agent host pays before the first call. */
const LIMITS = { wholeBytes: 64 * 1024, modelVisibleBytes: 24 * 1024, listToolsPerNodeStart: 3 }

describe("the default tool list", () => {
  it("stays within its limits: bytes, what a model reads, and the SDK client's listTools against node -e 0", async () => {
    const client = await connect([])
    try {
      const { tools } = await client.listTools()
      const whole = JSON.stringify({ tools }).length
      // What hosts put in the model's context: name, description and inputSchema (Claude Code drops outputSchema and
      // title; the SDK client compiles an outputSchema validator per tool, so none is sent unless asked for).
      const visible = tools.reduce((sum, tool) => sum + JSON.stringify({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }).length, 0)
      expect(whole, `tools/list is ${whole} bytes`).toBeLessThanOrEqual(LIMITS.wholeBytes)
      expect(visible, `the model reads ${visible} bytes of tools`).toBeLessThanOrEqual(LIMITS.modelVisibleBytes)
      expect(tools.every((tool) => tool.outputSchema === undefined)).toBe(true)
      // Interleaved with the peer so both see the same machine load; medians of seven.
      const list: Array<number> = []
      const node: Array<number> = []
      for (let i = 0; i < 7; i++) {
        let start = performance.now()
        spawnSync(process.execPath, ["-e", "0"])
        node.push(performance.now() - start)
        start = performance.now()
        await client.listTools()
        list.push(performance.now() - start)
      }
      const ratio = median(list) / median(node)
      expect(ratio, `listTools ${median(list).toFixed(1)} ms, node -e 0 ${median(node).toFixed(1)} ms`).toBeLessThanOrEqual(LIMITS.listToolsPerNodeStart)
    } finally {
      await client.close()
    }
  })

  it("reaches every command the platform supports: each routed through its tool (refused as INVALID_ARGS naming it)", async () => {
    const client = await connect([])
    try {
      const { tools } = await client.listTools()
      const supported = Object.entries(COMMANDS).filter(([, spec]) => spec.support.linux === "supported")
      for (const [command, spec] of supported) {
        const tool = tools.find((candidate) => candidate.name === (spec.agentGroup?.tool ?? command.replace(/-/g, "_")))
        expect(tool, command).toBeDefined()
        const key = Object.keys(tool!.inputSchema.properties ?? {}).find((name) => {
          const values = (tool!.inputSchema.properties![name] as { enum?: Array<string> }).enum
          return spec.agentGroup !== undefined && values?.includes(spec.agentGroup.value)
        })
        const args = { ...(key === undefined ? {} : { [key]: spec.agentGroup!.value }), not_an_argument: 1 }
        const envelope = await call(client, tool!.name, args) as Envelope & { command: string }
        expect([envelope.command, envelope.error?.code], `${command} via ${tool!.name} ${JSON.stringify(args)}`).toEqual([command, "INVALID_ARGS"])
        expect(envelope.error?.message).toContain("'not_an_argument'")
      }
    } finally {
      await client.close()
    }
  })

  it.each([
    [["--tools", "snapshot,nosuch"], "'nosuch' names no tool or command"],
    [["--read-only", "--tools", "snapshot,click"], "'click' acts on apps or writes files, and --read-only offers observation tools only"],
    [["--tools", "mouse_down"], "'mouse_down' refuses by design on every platform"]
  ])("refuses %j at start, naming the reason", (args, reason) => {
    const result = spawnSync(process.execPath, [script, ...args], { env: env(), input: "", encoding: "utf8", timeout: 30_000 })
    expect(result.status).toBe(2)
    expect(result.stdout).toBe("")
    expect(result.stderr).toContain(reason)
  })
})

describe("agent-desktop mcp --read-only", () => {
  it("offers no file-writing tool, refuses a screenshot path (nothing written) and keeps the stream clean", async () => {
    const client = await connect(["--read-only"])
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name)
      expect(names).toContain("screenshot")
      for (const writer of ["trace", "clipboard_get", "batch", "session", "click", "launch"]) expect(names).not.toContain(writer)
      const target = path.join(work, "ro.png")
      const refused = await call(client, "screenshot", { path: target })
      expect(refused.ok).toBe(false)
      expect(refused.error?.code).toBe("POLICY_DENIED")
      expect(refused.error?.details).toMatchObject({ kind: "read_only", retryable: false })
      expect(refused.error?.disposition).toEqual(NOT_DELIVERED)
      expect(fs.existsSync(target)).toBe(false)
      // /proc/self/fd/1 is the server's stdout, the JSON-RPC stream: refused, and the session goes on.
      const stdout = await call(client, "screenshot", { path: "/proc/self/fd/1" })
      expect(stdout.error?.code).toBe("POLICY_DENIED")
      expect((await client.listTools()).tools.length).toBe(names.length)
    } finally {
      await client.close()
    }
  })
})

describe("agent-desktop mcp (writing allowed)", () => {
  it("refuses /proc/self/fd/1, a FIFO and a symlink as screenshot paths without blocking or corrupting the session", async () => {
    const client = await connect([])
    try {
      const stdout = await call(client, "screenshot", { path: "/proc/self/fd/1" })
      expect(stdout.error?.code).toBe("INVALID_ARGS")
      expect(stdout.error?.details).toMatchObject({ kind: "unsafe_output_path", reason: "system_path" })
      const fifo = path.join(work, "shot.fifo")
      execFileSync("mkfifo", ["-m", "600", fifo])
      const blocked = await call(client, "screenshot", { path: fifo })
      expect(blocked.error?.details).toMatchObject({ kind: "unsafe_output_path", reason: "fifo" })
      expect(blocked.error?.disposition).toEqual(NOT_DELIVERED)
      // The server still answers (before, it hung in open() and tools/list never came back).
      expect((await client.listTools({}, { timeout: 5_000 })).tools.length).toBeGreaterThan(10)
      const victim = path.join(work, "victim")
      fs.writeFileSync(victim, "precious")
      const link = path.join(work, "link.png")
      fs.symlinkSync(victim, link)
      const followed = await call(client, "screenshot", { path: link })
      expect(followed.error?.details).toMatchObject({ kind: "unsafe_output_path", reason: "symlink" })
      expect(fs.readFileSync(victim, "utf8")).toBe("precious")
      const exported = await call(client, "trace", { action: "export", out: fifo })
      // No session: refused for that first; a FIFO never gets as far as an open either way.
      expect(exported.ok).toBe(false)
    } finally {
      await client.close()
    }
  })
})

describe("agent-desktop mcp --tools", () => {
  it("--tools snapshot,batch: a batch of click and launch is refused, naming the command, and nothing runs", async () => {
    const client = await connect(["--tools", "snapshot,batch"])
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(["batch", "snapshot"])
      const marker = path.join(work, "launched")
      const json = JSON.stringify([
        { command: "click", args: { ref_id: "@s1abc:e1" } },
        { command: "launch", args: { app: "/bin/sh", arg: ["-c", `touch '${marker}'`] } }
      ])
      const refused = await call(client, "batch", { json })
      expect(refused.error?.code).toBe("POLICY_DENIED")
      expect(refused.error?.details).toMatchObject({ kind: "command_not_allowed", command: "click", allowed: ["snapshot", "batch"] })
      expect(refused.error?.message).toMatch(/batch entry 0: 'click'/)
      const launchOnly = await call(client, "batch", { json: JSON.stringify([{ command: "launch", args: { app: "/bin/sh", arg: ["-c", `touch '${marker}'`] } }]) })
      expect(launchOnly.error?.details).toMatchObject({ kind: "command_not_allowed", command: "launch" })
      expect(fs.existsSync(marker)).toBe(false)
    } finally {
      await client.close()
    }
  })
})
