/**
 * `agent-desktop mcp` driven by the official MCP SDK client, the way an agent host attaches it: the client spawns
 * the built binary, lists the tools (generated from the command spec), validates every schema, and drives the GTK
 * fixture on the virtual desktop: snapshot -> click -> read back through the fixture's own control channel. Also:
 * stdout carries only protocol messages, bad input gets protocol errors or error envelopes, and no process is left
 * when the client goes away.
 */
import { assert, describe, it } from "@effect/vitest"
import { controlFixture, fixtureControlPath, startDesktop, type RunningDesktop } from "@agent-desktop/desktop"
import { validateEnvelope } from "@agent-desktop/contract-check"
import { COMMANDS } from "@agent-desktop/contracts/commands"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js"
import { Ajv2020 } from "ajv/dist/2020.js"
import { Ajv } from "ajv"
import { spawn } from "node:child_process"
import { afterAll, beforeAll } from "vitest"
import { BIN, cleanEnv, envelopeOf, runBinary, tempHome } from "../test/binary.js"

/** A resource read's text (the watch resources answer text, never a blob). */
const textOf = (content: object): string => {
  if (!("text" in content) || typeof content.text !== "string") throw new Error(`expected a text resource, got ${JSON.stringify(content)}`)
  return content.text
}

let desktop: RunningDesktop
let env: Record<string, string>
const home = tempHome("mcp")

beforeAll(async () => {
  desktop = await startDesktop({ apps: ["fixture"], timeoutMs: 60_000 })
  env = Object.fromEntries(Object.entries({ ...cleanEnv(home), ...desktop.env }).filter((entry): entry is [string, string] => entry[1] !== undefined))
}, 120_000)

afterAll(async () => {
  await desktop?.stop()
})

const connect = async (args: Array<string> = []) => {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", ...args], env, stderr: "pipe" })
  const client = new Client({ name: "agent-desktop-test", version: "1.0.0" })
  await client.connect(transport)
  return { client, transport }
}

type Envelope = Record<string, any>

const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => {
  const result = await client.callTool({ name, arguments: args })
  const envelope = result.structuredContent as Envelope
  // The text block carries the same envelope, and the envelope is valid in its (pinned) version's strict schema.
  assert.deepStrictEqual(JSON.parse((result.content as Array<{ text: string }>)[0]!.text), envelope)
  const validation = validateEnvelope(envelope["version"], envelope, { strict: true })
  assert.isTrue(validation.valid, JSON.stringify(validation.errors?.slice(0, 3)))
  assert.strictEqual(result.isError, envelope["ok"] !== true)
  return envelope
}

interface Node { ref_id?: string; role: string; name?: string; children?: Array<Node> }
const nodes = (tree: Node): Array<Node> => [tree, ...(tree.children ?? []).flatMap(nodes)]

describe("agent-desktop mcp", () => {
  it("offers every supported command of the spec (a tool of its own or a group tool's choice), with valid input and output schemas", async () => {
    const { client } = await connect(["--output-schemas"])
    try {
      const { tools } = await client.listTools()
      const supported = Object.entries(COMMANDS).filter(([, spec]) => spec.support.linux === "supported")
      const expected = new Set(supported.map(([name, spec]) => spec.agentGroup?.tool ?? name.replace(/-/g, "_")))
      assert.sameMembers(tools.map((tool) => tool.name), [...expected])
      const draft7 = new Ajv({ strict: false })
      const draft2020 = new Ajv2020({ strict: false })
      for (const tool of tools) {
        assert.strictEqual(tool.inputSchema.type, "object", tool.name)
        draft2020.compile(tool.inputSchema)
        // The SDK client validates structured results with a draft-07 Ajv: the output schema must compile there.
        if (tool.outputSchema !== undefined) draft7.compile(tool.outputSchema)
      }
      assert.isDefined(tools.find((tool) => tool.name === "snapshot")?.outputSchema)
    } finally {
      await client.close()
    }
  })

  it("drives the fixture: snapshot -> click -> the fixture's counter moved", async () => {
    const { client } = await connect()
    try {
      const snapshot = await call(client, "snapshot", { app: "fixture", interactive_only: true, timeout_ms: 10_000 })
      assert.isTrue(snapshot["ok"], JSON.stringify(snapshot))
      const button = nodes(snapshot["data"]["tree"]).find((node) => node.role === "button" && node.name?.startsWith("clicks: "))
      assert.isDefined(button?.ref_id)
      const before = (await controlFixture(fixtureControlPath(desktop.stateDir), { op: "state", id: "button" })).label as string
      const clicked = await call(client, "click", { ref_id: button!.ref_id! })
      assert.isTrue(clicked["ok"], JSON.stringify(clicked))
      const after = (await controlFixture(fixtureControlPath(desktop.stateDir), { op: "state", id: "button" })).label as string
      assert.strictEqual(Number(after.split(": ")[1]), Number(before.split(": ")[1]) + 1)
    } finally {
      await client.close()
    }
  })

  it("answers in the pinned contract, and errors as envelopes with isError", async () => {
    const { client } = await connect(["--contract", "2.1"])
    try {
      const missing = await call(client, "click", { ref_id: "@s0abc:e1" })
      assert.strictEqual(missing["version"], "2.1")
      assert.strictEqual(missing["error"]["code"], "SNAPSHOT_NOT_FOUND")
      const invalid = await call(client, "click", { ref_id: "@s0abc:e1", bogus: true })
      assert.strictEqual(invalid["error"]["code"], "INVALID_ARGS")
      const unknown = await client.callTool({ name: "no_such_tool", arguments: {} }).then(() => undefined, (error: Error) => error)
      assert.match(String(unknown), /Unknown tool/)
    } finally {
      await client.close()
    }
  })

  it("diffs and watches: snapshot diff, a watch subscription told of a change made through the fixture's own channel, wait changed", async () => {
    const { client } = await connect()
    try {
      const control = (request: Parameters<typeof controlFixture>[1]) => controlFixture(fixtureControlPath(desktop.stateDir), request)
      await call(client, "snapshot", { app: "fixture" })
      await control({ op: "rename", id: "check", label: "Renamed unseen" })
      const diffed = await call(client, "snapshot", { app: "fixture", diff: true })
      assert.deepStrictEqual(diffed["data"]["diff"]["changed"].map((entry: Envelope) => [entry["node"]["name"], entry["was"]]), [["Renamed unseen", { name: "Enable feature" }]])
      assert.notProperty(diffed["data"], "tree")

      const uri = "agent-desktop://watch/fixture"
      const updated = new Promise<string>((resolve) => client.setNotificationHandler(ResourceUpdatedNotificationSchema, (note) => resolve(note.params.uri)))
      await client.subscribeResource({ uri })
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await control({ op: "rename", id: "check", label: "Renamed while watched" })
      assert.strictEqual(await updated, uri)
      const read = JSON.parse(textOf((await client.readResource({ uri })).contents[0]!)) as Array<Envelope>
      for (const envelope of read) assert.isTrue(validateEnvelope(envelope["version"], envelope, { strict: true }).valid)
      const names = read.flatMap((envelope) => envelope["data"]["event"]["snapshot"]["diff"]["changed"].map((entry: Envelope) => entry["node"]["name"]))
      assert.include(names, "Renamed while watched")
      // Read again: drained.
      assert.deepStrictEqual(JSON.parse(textOf((await client.readResource({ uri })).contents[0]!)), [])
      await client.unsubscribeResource({ uri })

      // wait changed: answered at once by a change since the window's last snapshot.
      await control({ op: "rename", id: "check", label: "Enable feature" })
      const waited = await call(client, "wait", { event: "changed", app: "fixture", timeout: 10_000 })
      assert.strictEqual(waited["data"]["event"]["kind"], "changed")
      assert.deepStrictEqual(waited["data"]["event"]["snapshot"]["diff"]["changed"].map((entry: Envelope) => entry["node"]["name"]), ["Enable feature"])
    } finally {
      await client.close()
    }
  })

  it("offers observation tools only with --read-only, and serves the skills as resources", async () => {
    const { client } = await connect(["--read-only"])
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name)
      assert.include(names, "snapshot")
      assert.notInclude(names, "click")
      assert.notInclude(names, "type")
      const { resources } = await client.listResources()
      const main = resources.find((resource) => resource.uri === "agent-desktop://skills/agent-desktop")
      assert.isDefined(main)
      const read = await client.readResource({ uri: main!.uri })
      assert.match((read.contents[0] as { text: string }).text, /snapshot/)
    } finally {
      await client.close()
    }
  })

  it("keeps stdout to protocol messages, refuses an oversized request, and exits when stdin closes", async () => {
    const child = spawn(process.execPath, [BIN, "mcp"], { env, stdio: ["pipe", "pipe", "pipe"] })
    let stdout = ""
    child.stdout.on("data", (chunk) => (stdout += chunk))
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)))
    const send = (message: unknown) => child.stdin.write(JSON.stringify(message) + "\n")
    send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } })
    send({ jsonrpc: "2.0", method: "notifications/initialized" })
    child.stdin.write(`${"x".repeat(5 * 1024 * 1024)}\n`)
    send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "list_apps", arguments: {} } })
    child.stdin.write("not json\n")
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    child.stdin.end()
    assert.strictEqual(await exited, 0)
    const lines = stdout.trim().split("\n").map((line) => JSON.parse(line) as Record<string, any>)
    assert.isTrue(lines.every((line) => line["jsonrpc"] === "2.0"))
    assert.isDefined(lines.find((line) => line["id"] === 1 && line["result"] !== undefined))
    assert.isDefined(lines.find((line) => line["error"]?.["code"] === -32600))
    assert.isDefined(lines.find((line) => line["error"]?.["code"] === -32700))
    const apps = lines.find((line) => line["id"] === 2)
    assert.isTrue(apps?.["result"]?.["structuredContent"]?.["ok"], JSON.stringify(apps))
  })

  it("ends an in-flight call with an envelope in the trace when the client goes away mid-call, leaving no process", async () => {
    const session = envelopeOf(runBinary(["session", "start", "--name", "mcp-gone"], env))["data"]["session_id"] as string
    const child = spawn(process.execPath, [BIN, "mcp", "--session", session], { env, stdio: ["pipe", "pipe", "pipe"] })
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)))
    const send = (message: unknown) => child.stdin.write(JSON.stringify(message) + "\n")
    send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } })
    send({ jsonrpc: "2.0", method: "notifications/initialized" })
    send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "wait", arguments: { ms: 600_000 } } })
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    child.stdin.end()
    assert.strictEqual(await exited, 0)
    // The server exited long before the 10-minute wait could end; the trace has the wait's end: failed, nothing
    // delivered (the engine's interruption, the same evidence rule as a signal to the CLI).
    const events = envelopeOf(runBinary(["trace", "show", "--session", session], env))["data"]["events"] as Array<Record<string, any>>
    const end = events.find((event) => event["event"] === "command.end" && event["command"] === "wait")
    assert.deepInclude(end, { ok: false, disposition: { delivery: "not_delivered", retry: "safe" } })
  })
})
