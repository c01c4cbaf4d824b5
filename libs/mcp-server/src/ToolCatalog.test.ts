import { describe, expect, it } from "@effect/vitest"
import { COMMANDS, toolName } from "@agent-desktop/contracts/commands"
import { CONTRACT_VERSIONS } from "@agent-desktop/contracts/vocabulary"
import { Ajv } from "ajv"
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { parseMcpOptions } from "./McpOptions.js"
import { outputSchemaFor } from "./outputSchema.js"
import { toolCatalog } from "./ToolCatalog.js"
import { routeCall } from "./ToolRoute.js"

const options = (argv: Array<string>) => {
  const parsed = parseMcpOptions(argv, {})
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.options
}

const fixtures = (version: string) => {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../contracts/fixtures", version, "valid")
  return fs.readdirSync(dir).map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as Record<string, unknown>)
}

describe("the MCP tool catalog", () => {
  it("offers every command the platform supports, as a tool of its own or as one choice of a group tool", () => {
    const catalog = toolCatalog(options([]), "linux")
    if (!catalog.ok) throw new Error(catalog.message)
    const expected = Object.entries(COMMANDS).filter(([, spec]) => spec.support.linux === "supported").map(([name]) => name)
    const offered = catalog.tools.flatMap((tool) => tool.members.map((member) => member.command))
    expect([...offered].sort()).toEqual(expected.sort())
    expect(new Set(offered).size).toBe(offered.length)
    expect(catalog.tools.length).toBeLessThan(expected.length)
    for (const tool of catalog.tools) {
      if (tool.key === undefined) {
        expect(tool.members).toHaveLength(1)
        expect(tool.name).toBe(toolName(tool.members[0]!.command))
      } else {
        // The key is listed with each member's value; at most one default; no member takes an argument named like it.
        expect(tool.inputSchema.properties[tool.key]?.enum).toEqual(tool.members.map((member) => member.value))
        expect(tool.members.filter((member) => member.isDefault).length).toBeLessThanOrEqual(1)
        for (const member of tool.members) expect(Object.keys(member.inputSchema.properties)).not.toContain(tool.key)
      }
    }
  })

  it("routes a group tool's key to its command, and a command's own tool name to it", () => {
    const catalog = toolCatalog(options([]), "linux")
    if (!catalog.ok) throw new Error(catalog.message)
    const route = (name: string, args: Record<string, unknown>) => {
      const routed = routeCall(catalog.tools, name, args)
      return routed?.ok === true ? [routed.member.command, routed.args] : routed?.ok === false ? routed.message : undefined
    }
    expect(route("window", { action: "move", x: 1, y: 2 })).toEqual(["move-window", { x: 1, y: 2 }])
    expect(route("window", {})).toBe("window needs action: one of focus, resize, move, minimize, maximize, restore")
    expect(route("window", { action: "shake" })).toMatch(/action "shake" is not one of/)
    expect(route("click", { ref_id: "@s1abc:e1" })).toEqual(["click", { ref_id: "@s1abc:e1" }])
    expect(route("click", { ref_id: "@s1abc:e1", variant: "double" })).toEqual(["double-click", { ref_id: "@s1abc:e1" }])
    expect(route("move_window", { x: 1 })).toEqual(["move-window", { x: 1 }])
    expect(route("list_apps", {})).toEqual(["list-apps", {}])
    expect(route("snapshot", { app: "a" })).toEqual(["snapshot", { app: "a" }])
    expect(route("key_down", {})).toBeUndefined()
    expect(route("frobnicate", {})).toBeUndefined()
  })

  it("lists arguments without runaway-input guards or flags agents have no use for; calls are checked against them", () => {
    const catalog = toolCatalog(options([]), "linux")
    if (!catalog.ok) throw new Error(catalog.message)
    const click = catalog.tools.find((tool) => tool.name === "click")!
    expect(Object.keys(click.inputSchema.properties)).not.toContain("snapshot")
    expect(click.inputSchema.properties["ref_id"]).not.toHaveProperty("maxLength")
    expect(click.members[0]!.inputSchema.properties["ref_id"]).toHaveProperty("maxLength", 256)
    const snapshot = catalog.tools.find((tool) => tool.name === "snapshot")!
    expect(snapshot.inputSchema.properties["interactive_only"]).toHaveProperty("default", true)
    const full = toolCatalog(options(["--profile", "full"]), "linux")
    expect(full.ok && full.tools.find((tool) => tool.name === "snapshot")!.inputSchema.properties["interactive_only"]).not.toHaveProperty("default")
  })

  it("offers nothing on a platform without an adapter", () => {
    const catalog = toolCatalog(options([]), "aix")
    expect(catalog.ok && catalog.tools).toEqual([])
  })

  it("narrows to --tools and --read-only, and refuses a name that offers nothing, with the reason", () => {
    const some = toolCatalog(options(["--tools", "snapshot,list-apps,click"]), "linux")
    expect(some.ok && some.tools.map((tool) => tool.name).sort()).toEqual(["click", "list", "snapshot"])
    // A command name offers that choice of its group only; a group name offers all of them.
    expect(some.ok && some.tools.find((tool) => tool.name === "list")!.members.map((member) => member.command)).toEqual(["list-apps"])
    const window = toolCatalog(options(["--tools", "window"]), "linux")
    expect(window.ok && window.tools[0]!.members).toHaveLength(6)
    const readOnly = toolCatalog(options(["--read-only"]), "linux")
    expect(readOnly.ok && readOnly.tools.every((tool) => tool.readOnly)).toBe(true)
    expect(readOnly.ok && readOnly.tools.map((tool) => tool.name)).not.toContain("click")
    // A group keeps its observation choices under --read-only: status and version, not permissions (it can ask).
    expect(readOnly.ok && readOnly.tools.find((tool) => tool.name === "status")!.members.map((member) => member.command)).toEqual(["status", "version"])
    expect(toolCatalog(options(["--tools", "snapshot,frobnicate"]), "linux")).toEqual({
      ok: false,
      message: "--tools: 'frobnicate' names no tool or command (tools/list shows the tools; each takes its commands' names too)"
    })
    const dropped = toolCatalog(options(["--read-only", "--tools", "snapshot,click"]), "linux")
    expect(dropped).toEqual({ ok: false, message: "--tools: 'click' acts on apps or writes files, and --read-only offers observation tools only" })
    const failsClosed = toolCatalog(options(["--tools", "key-down"]), "linux")
    expect(failsClosed.ok === false && failsClosed.message).toMatch(/^--tools: 'key-down' refuses by design on every platform/)
    const notApplicable = toolCatalog(options(["--tools", "cursor_overlay"]), "linux")
    expect(notApplicable.ok === false && notApplicable.message).toMatch(/^--tools: 'cursor_overlay' has no linux counterpart/)
  })

  it.each(CONTRACT_VERSIONS)("every valid %s fixture validates against its tool's outputSchema (draft-07 Ajv, as the SDK client)", (version) => {
    const catalog = toolCatalog(options(["--contract", version]), "linux")
    if (!catalog.ok) throw new Error(catalog.message)
    const ajv = new Ajv({ strict: false, allErrors: true })
    const byCommand = new Map(catalog.tools.flatMap((tool) => {
      const schema = outputSchemaFor(tool.members.map((member) => member.command), version)
      return tool.members.map((member) => [member.command, schema] as const)
    }))
    let checked = 0
    for (const envelope of fixtures(version)) {
      const schema = byCommand.get(String(envelope["command"]))
      if (schema === undefined) continue
      const validate = ajv.compile(schema)
      expect(validate(envelope), `${version} ${String(envelope["command"])}: ${JSON.stringify(validate.errors?.slice(0, 2))}`).toBe(true)
      checked++
    }
    expect(checked).toBeGreaterThan(5)
  })

  it("rejects an envelope of another command or a broken one", () => {
    const catalog = toolCatalog(options([]), "linux")
    if (!catalog.ok) throw new Error(catalog.message)
    const ajv = new Ajv({ strict: false })
    const click = ajv.compile(outputSchemaFor(["click"], "2.6")!)
    expect(click({ version: "2.6", ok: true, command: "snapshot", data: {} })).toBe(false)
    expect(click({ version: "2.6", ok: false, command: "click", error: { code: "INTERNAL" } })).toBe(false)
  })
})

describe("mcp options", () => {
  it("parses every option and refuses unknown ones and unknown contracts", () => {
    expect(parseMcpOptions(["--contract=2.3", "--headed", "--session", "s1", "--read-only", "--profile", "full", "--output-schemas"], {})).toEqual({
      ok: true,
      options: { contract: "2.3", headed: true, readOnly: true, session: "s1", profile: "full", outputSchemas: true }
    })
    expect(parseMcpOptions([], {})).toMatchObject({ ok: true, options: { profile: "agent", outputSchemas: false } })
    expect(parseMcpOptions(["--profile", "tiny"], {})).toEqual({ ok: false, message: "unknown profile 'tiny'; one of agent, full" })
    expect(parseMcpOptions([], { AGENT_DESKTOP_CONTRACT: "2.2" })).toMatchObject({ ok: true, options: { contract: "2.2" } })
    expect(parseMcpOptions(["--frob"], {})).toEqual({ ok: false, message: "unknown argument '--frob'" })
    expect(parseMcpOptions(["--contract", "9.9"], {})).toMatchObject({ ok: false })
    expect(parseMcpOptions(["--session"], {})).toMatchObject({ ok: false })
  })
})
