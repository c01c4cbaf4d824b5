/**
 * A scripted agent's side of an MCP session: every tool call goes through `call`, which counts it and the bytes the
 * agent receives (the result's text, the envelope JSON a host hands the model; Claude Code hands it the same JSON as
 * `structuredContent`). A failed envelope throws: a task whose step fails has failed.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"

export type Envelope = { readonly ok: boolean; readonly data?: any; readonly error?: any }

export interface Meter {
  calls: number
  bytes: number
  /** Each call's tool and bytes, in order (`--steps` prints them). */
  steps: Array<string>
}

export class MeteredAgent {
  private constructor(private readonly client: Client, readonly toolListBytes: number) {}

  static async connect(bin: string, args: ReadonlyArray<string>, env: NodeJS.ProcessEnv): Promise<MeteredAgent> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, "mcp", ...args],
      env: Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined)),
      stderr: "ignore"
    })
    const client = new Client({ name: "token-bench", version: "1" })
    await client.connect(transport)
    const { tools } = await client.listTools()
    const visible = tools.reduce((sum, tool) => sum + JSON.stringify({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }).length, 0)
    return new MeteredAgent(client, visible)
  }

  meter: Meter = { calls: 0, bytes: 0, steps: [] }

  /** One tool call, metered; the envelope, which must be ok. */
  async call(name: string, args: Readonly<Record<string, unknown>>): Promise<Envelope> {
    const result = await this.client.callTool({ name, arguments: args }, undefined, { timeout: 60_000 })
    const text = (result.content as Array<{ type: string; text?: string }>).filter((block) => block.type === "text").map((block) => block.text ?? "").join("")
    this.meter.calls++
    this.meter.bytes += Buffer.byteLength(text)
    this.meter.steps.push(`${name}${"diff" in args ? " diff" : ""} ${Buffer.byteLength(text)}`)
    const envelope = JSON.parse(text) as Envelope
    if (!envelope.ok) throw new Error(`${name} ${JSON.stringify(args)} failed: ${JSON.stringify(envelope.error).slice(0, 600)}`)
    return envelope
  }

  /** Runs `work` with a fresh meter and returns what it used. */
  async measured(work: () => Promise<void>): Promise<Meter> {
    this.meter = { calls: 0, bytes: 0, steps: [] }
    await work()
    return { ...this.meter, steps: [...this.meter.steps] }
  }

  close(): Promise<void> {
    return this.client.close()
  }
}
