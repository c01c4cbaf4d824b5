import { toolCatalog } from "./src/ToolCatalog.js"
import { parseMcpOptions } from "./src/McpOptions.js"
const p = parseMcpOptions([], {}); if (!p.ok) throw 0
const c = toolCatalog(p.options, "linux"); if (!c.ok) throw new Error(c.message)
let tot = 0; const rows: Array<[number, string]> = []
for (const t of c.tools) { const v = JSON.stringify({ name: t.name, description: t.description, inputSchema: t.inputSchema }).length; tot += v; rows.push([v, t.name]) }
rows.sort((a, b) => b[0] - a[0]); console.log(rows.slice(0, 12).map((r) => r.join(" ")).join("\n")); console.log("total", tot, c.tools.length)
for (const n of process.argv.slice(2)) console.log(JSON.stringify(c.tools.find(t => t.name === n)!.inputSchema))
