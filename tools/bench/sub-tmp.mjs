import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js"
import { execFileSync } from "node:child_process"
const bin = process.argv[2]
const t = new StdioClientTransport({ command: process.execPath, args: [bin, "mcp"], env: process.env, stderr: "inherit" })
const c = new Client({ name: "m", version: "1" })
await c.connect(t)
const updates = []
c.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => { updates.push(n.params.uri); console.log("updated", n.params.uri) })
console.log((await c.listResourceTemplates()).resourceTemplates.map((r) => r.uriTemplate))
const snap = await c.callTool({ name: "snapshot", arguments: { app: "fixture" } })
const sid = snap.structuredContent.data.snapshot_id
const uri = "agent-desktop://watch/fixture"
await c.subscribeResource({ uri })
await new Promise((r) => setTimeout(r, 1500))
await c.callTool({ name: "click", arguments: { ref_id: `@${sid}:e1` } })
await new Promise((r) => setTimeout(r, 2500))
const read = await c.readResource({ uri })
console.log(read.contents[0].text.slice(0, 1500))
const w = await c.callTool({ name: "wait", arguments: { event: "changed", app: "fixture", timeout: 3000 } })
console.log("wait:", JSON.stringify(w.structuredContent).slice(0, 300))
await c.unsubscribeResource({ uri })
await c.close()
