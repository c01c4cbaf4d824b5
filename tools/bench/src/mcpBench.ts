/**
 * The MCP server's speed (issue "agent hosts"), on the project's virtual desktop with gtk3-widget-factory and the
 * grid, against the pyatspi peer in the same run:
 *
 * - `initialize`: process start to the initialize answer of `agent-desktop mcp`, vs `node -e 0`, interleaved;
 * - warm `snapshot` tool calls (the SDK client's round trip to a running server, the window unchanged) vs the
 *   peer's warm walks of the same app;
 * - the same right after a one-widget change (a check box clicked through the `click` tool, untimed).
 *
 *   node tools/bench/dist/mcpBench.js [--runs N] [--grid-rows ROWS] [--bin path/to/agent-desktop.js]
 */
import { peerPath, startDesktop, systemPython } from "@agent-desktop/desktop"
import type { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { spawn, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { median } from "./stats.js"
import { argValue } from "./argValue.js"
import { connectMcpClient } from "./mcpClient.js"

const here = path.dirname(fileURLToPath(import.meta.url))
const runs = Number(argValue("--runs") ?? 10)
const gridRows = Number(argValue("--grid-rows") ?? 250)
const bin = path.resolve(argValue("--bin") ?? path.resolve(here, "../../../apps/cli/bin/agent-desktop.js"))
const home = fs.mkdtempSync(path.join(os.tmpdir(), "ad-mcp-bench-"))

const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } }
}) + "\n"

const initializeOnce = (env: NodeJS.ProcessEnv) =>
  new Promise<number>((resolve, reject) => {
    const start = process.hrtime.bigint()
    const child = spawn(process.execPath, [bin, "mcp"], { env, stdio: ["pipe", "pipe", "inherit"] })
    // A server that dies before answering must end the bench, not hang it.
    const died = (code: number | null) => reject(new Error(`agent-desktop mcp exited ${String(code)} before answering initialize`))
    child.once("exit", died)
    child.stdout.once("data", () => {
      child.off("exit", died)
      const ms = Number(process.hrtime.bigint() - start) / 1e6
      child.stdin.end()
      child.on("exit", () => resolve(ms))
    })
    child.stdin.write(INITIALIZE)
  })

const nodeOnce = () => {
  const start = process.hrtime.bigint()
  spawnSync(process.execPath, ["-e", "0"])
  return Number(process.hrtime.bigint() - start) / 1e6
}

const warmToolCalls = async (client: Client, app: string): Promise<Array<number>> => {
  const times: Array<number> = []
  for (let i = 0; i <= runs; i++) {
    const start = performance.now()
    const result = await client.callTool({ name: "snapshot", arguments: { app, timeout_ms: 60_000 } })
    if (result.isError === true) throw new Error(`snapshot ${app} failed: ${JSON.stringify(result.structuredContent)}`)
    if (i > 0) times.push(performance.now() - start)
  }
  return times
}

interface TreeNode { readonly ref_id?: string; readonly role?: string; readonly name?: string; readonly children?: ReadonlyArray<TreeNode> }

const all = (node: TreeNode): Array<TreeNode> => [node, ...(node.children ?? []).flatMap(all)]

/** The first node of `role` whose name no other node of that role has (a ref that can be re-identified). */
const firstRef = (tree: TreeNode, role: string): string | undefined => {
  const nodes = all(tree).filter((node) => node.role === role)
  return nodes.find((node) => node.ref_id !== undefined && node.name && nodes.filter((other) => other.name === node.name).length === 1)?.ref_id
}

/**
 * Snapshot tool calls after a one-widget change: each round clicks the first uniquely named check box of the previous
 * snapshot and lets the app settle (untimed), then times the next snapshot, which must see the box's new state.
 */
const changedToolCalls = async (client: Client, app: string): Promise<Array<number>> => {
  const times: Array<number> = []
  const snapshot = async () => {
    const result = await client.callTool({ name: "snapshot", arguments: { app, timeout_ms: 60_000 } })
    const envelope = result.structuredContent as { ok: boolean; data?: { tree: TreeNode } }
    if (!envelope.ok || !envelope.data) throw new Error(`snapshot ${app} failed: ${JSON.stringify(envelope)}`)
    return envelope.data.tree
  }
  let tree = await snapshot()
  for (let i = 0; i <= runs; i++) {
    const ref = firstRef(tree, "checkbox")
    if (!ref) throw new Error(`${app}: no check box to change`)
    const clicked = await client.callTool({ name: "click", arguments: { ref_id: ref } })
    if (clicked.isError === true) throw new Error(`click ${ref} failed: ${JSON.stringify(clicked.structuredContent)}`)
    // Let the app finish the change (GTK animates a check box for a few hundred ms, during which any reader,
    // pyatspi included, waits on it): the snapshot then pays for the change's events, not for the animation.
    await new Promise((resolve) => setTimeout(resolve, 400))
    const start = performance.now()
    tree = await snapshot()
    if (i > 0) times.push(performance.now() - start)
  }
  return times
}

const peerWarm = (app: string, env: NodeJS.ProcessEnv): number => {
  const result = spawnSync(systemPython, [peerPath(), "bench", app, "--warm", String(runs)], { env, encoding: "utf8" })
  return median((JSON.parse(result.stdout) as { warm_ms: Array<number> }).warm_ms)
}

const main = async () => {
  const desktop = await startDesktop({ apps: ["gtk3-widget-factory", `grid:${gridRows}`], timeoutMs: 90_000 })
  try {
    const env = { ...process.env, ...desktop.env, AGENT_DESKTOP_HOME: home, AGENT_DESKTOP_HOST: "off" }
    const nodeTimes: Array<number> = []
    const initTimes: Array<number> = []
    await initializeOnce(env)
    for (let i = 0; i < runs; i++) {
      nodeTimes.push(nodeOnce())
      initTimes.push(await initializeOnce(env))
    }
    const client = await connectMcpClient(bin, env, "bench")
    const rows: Array<string> = []
    for (const app of ["gtk3-widget-factory", "grid"]) {
      const mcp = median(await warmToolCalls(client, app))
      const changed = median(await changedToolCalls(client, app))
      const peer = peerWarm(app, env)
      rows.push(`| ${app} | ${mcp.toFixed(1)} | ${(mcp / peer).toFixed(3)} | ${changed.toFixed(1)} | ${(changed / peer).toFixed(3)} | ${peer.toFixed(1)} |`)
    }
    await client.close()
    const node = median(nodeTimes)
    const init = median(initTimes)
    process.stdout.write([
      `runs: ${runs}, node ${process.version}, load ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}, bin ${bin}`,
      "",
      `| case | median ms | ratio |`,
      `|---|---:|---:|`,
      `| node -e 0 | ${node.toFixed(1)} | 1.00x |`,
      `| agent-desktop mcp: start to initialize answer | ${init.toFixed(1)} | ${(init / node).toFixed(2)}x |`,
      "",
      "| app | MCP snapshot, warm, unchanged window, ms | ratio | after a one-widget change (a check box clicked), ms | ratio | pyatspi warm walk ms |",
      "|---|---:|---:|---:|---:|---:|",
      ...rows,
      ""
    ].join("\n"))
  } finally {
    await desktop.stop()
    fs.rmSync(home, { recursive: true, force: true })
  }
}

await main()
