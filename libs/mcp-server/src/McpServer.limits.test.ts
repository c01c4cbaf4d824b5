/**
 * What an MCP server's options promise, checked with the official SDK client over real stdio (the server in its own
 * process): `--read-only` writes no file, no path (a FIFO, /proc/self/fd/1) can block the server or write into its
 * JSON-RPC stream, and `--tools` limits what `batch` may run. Every refusal here comes before any desktop is touched,
 * so no desktop runs; the file system shows what was (not) written.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { execFileSync } from "node:child_process"
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
