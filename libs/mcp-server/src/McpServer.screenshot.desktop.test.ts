/**
 * Screenshots through the MCP server on the virtual desktop, with the official SDK client over real stdio:
 * `--read-only` returns the image inline and writes no file; without it a path gets a real PNG (read back from disk),
 * and a symlink path is refused with its target unchanged.
 */
import { startDesktop, type RunningDesktop } from "@agent-desktop/desktop"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bundleServer } from "./test/serverBundle.js"

let script: string
let desktop: RunningDesktop
const work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "ad-mcp-shot-")))

beforeAll(async () => {
  ;[script, desktop] = await Promise.all([bundleServer(), startDesktop({ apps: [], timeoutMs: 60_000 })])
}, 120_000)

afterAll(async () => {
  await desktop?.stop()
  fs.rmSync(work, { recursive: true, force: true })
  if (script !== undefined) fs.rmSync(path.dirname(script), { recursive: true, force: true })
})

const connect = async (args: ReadonlyArray<string>) => {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries({ ...process.env, ...desktop.env, AGENT_DESKTOP_HOME: path.join(work, "home") })) {
    if (value !== undefined) env[key] = value
  }
  const transport = new StdioClientTransport({ command: process.execPath, args: [script, ...args], env, stderr: "pipe" })
  const client = new Client({ name: "screenshot-test", version: "1.0.0" })
  await client.connect(transport)
  return client
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** Width and height from a PNG's IHDR. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) })

describe("screenshot over MCP", () => {
  it("--read-only: the image comes back inline; a path is refused and nothing is written", async () => {
    const client = await connect(["--read-only"])
    try {
      const before = fs.readdirSync(work)
      const result = await client.callTool({ name: "screenshot", arguments: {} })
      const envelope = result.structuredContent as { ok: boolean; data: { data: string; width: number; height: number } }
      expect(envelope.ok, JSON.stringify(envelope)).toBe(true)
      const image = (result.content as Array<{ type: string; data?: string }>).find((block) => block.type === "image")
      const png = Buffer.from(image!.data!, "base64")
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true)
      expect(pngSize(png)).toEqual({ width: envelope.data.width, height: envelope.data.height })
      const refused = await client.callTool({ name: "screenshot", arguments: { path: path.join(work, "shot.png") } })
      expect((refused.structuredContent as { error: { code: string } }).error.code).toBe("POLICY_DENIED")
      // Nothing new beside what was there (the state root was made by the first call).
      expect(fs.readdirSync(work).filter((name) => !before.includes(name) && name !== "home")).toEqual([])
    } finally {
      await client.close()
    }
  }, 60_000)

  it("writing allowed: a path gets the PNG (read back from disk); a symlink path is refused, its target unchanged", async () => {
    const client = await connect([])
    try {
      const file = path.join(work, "shot.png")
      const result = await client.callTool({ name: "screenshot", arguments: { path: file } })
      const envelope = result.structuredContent as { ok: boolean; data: { path: string; width: number; height: number } }
      expect(envelope.ok, JSON.stringify(envelope)).toBe(true)
      expect(envelope.data.path).toBe(file)
      const png = fs.readFileSync(file)
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true)
      expect(pngSize(png)).toEqual({ width: envelope.data.width, height: envelope.data.height })
      expect(fs.statSync(file).mode & 0o777).toBe(0o600)
      const victim = path.join(work, "victim")
      fs.writeFileSync(victim, "precious")
      fs.symlinkSync(victim, path.join(work, "link.png"))
      const refused = await client.callTool({ name: "screenshot", arguments: { path: path.join(work, "link.png") } })
      expect((refused.structuredContent as { error: { details: unknown } }).error.details).toMatchObject({ kind: "unsafe_output_path", reason: "symlink" })
      expect(fs.readFileSync(victim, "utf8")).toBe("precious")
    } finally {
      await client.close()
    }
  }, 60_000)
})
