import { describe, expect, it } from "@effect/vitest"
import { COMMANDS } from "@agent-desktop/contracts/commands"
import { CONTRACT_VERSIONS } from "@agent-desktop/contracts/vocabulary"
import { Ajv } from "ajv"
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { parseMcpOptions } from "./McpOptions.js"
import { outputSchemaFor } from "./outputSchema.js"
import { toolCatalog } from "./ToolCatalog.js"

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
  it("has one tool per command the platform supports, named as wave names them", () => {
    const catalog = toolCatalog(options([]), "linux")
    if (!catalog.ok) throw new Error(catalog.message)
    const expected = Object.entries(COMMANDS).filter(([, spec]) => spec.support.linux === "supported").map(([name]) => name)
    expect(catalog.tools.map((tool) => tool.command).sort()).toEqual(expected.sort())
    expect(catalog.tools.find((tool) => tool.command === "list-apps")?.name).toBe("list_apps")
  })

  it("offers nothing on a platform without an adapter", () => {
    const catalog = toolCatalog(options([]), "aix")
    expect(catalog.ok && catalog.tools).toEqual([])
  })

  it("narrows to --tools and --read-only, and refuses a tool name that does not exist", () => {
    const some = toolCatalog(options(["--tools", "snapshot,list-apps,click"]), "linux")
    expect(some.ok && some.tools.map((tool) => tool.name).sort()).toEqual(["click", "list_apps", "snapshot"])
    const readOnly = toolCatalog(options(["--read-only"]), "linux")
    expect(readOnly.ok && readOnly.tools.every((tool) => tool.readOnly)).toBe(true)
    expect(readOnly.ok && readOnly.tools.map((tool) => tool.name)).not.toContain("click")
    const unknown = toolCatalog(options(["--tools", "snapshot,frobnicate"]), "linux")
    expect(unknown).toEqual({ ok: false, message: "--tools names no supported tool: frobnicate" })
  })

  it.each(CONTRACT_VERSIONS)("every valid %s fixture validates against its tool's outputSchema (draft-07 Ajv, as the SDK client)", (version) => {
    const catalog = toolCatalog(options(["--contract", version]), "linux")
    if (!catalog.ok) throw new Error(catalog.message)
    const ajv = new Ajv({ strict: false, allErrors: true })
    const byCommand = new Map(catalog.tools.map((tool) => [tool.command, outputSchemaFor(tool.command, version)]))
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
    const click = ajv.compile(outputSchemaFor("click", "2.6")!)
    expect(click({ version: "2.6", ok: true, command: "snapshot", data: {} })).toBe(false)
    expect(click({ version: "2.6", ok: false, command: "click", error: { code: "INTERNAL" } })).toBe(false)
  })
})

describe("mcp options", () => {
  it("parses every option and refuses unknown ones and unknown contracts", () => {
    expect(parseMcpOptions(["--contract=2.3", "--headed", "--session", "s1", "--read-only"], {})).toEqual({
      ok: true,
      options: { contract: "2.3", headed: true, readOnly: true, session: "s1" }
    })
    expect(parseMcpOptions([], { AGENT_DESKTOP_CONTRACT: "2.2" })).toMatchObject({ ok: true, options: { contract: "2.2" } })
    expect(parseMcpOptions(["--frob"], {})).toEqual({ ok: false, message: "unknown argument '--frob'" })
    expect(parseMcpOptions(["--contract", "9.9"], {})).toMatchObject({ ok: false })
    expect(parseMcpOptions(["--session"], {})).toMatchObject({ ok: false })
  })
})
