// The published shape of @agent-desktop/contracts and @agent-desktop/contract-check: built, packed with npm, installed
// from the tarballs into an empty project (their dependencies from the npm registry or its cache), then imported,
// type-checked and run there, outside the monorepo.
import { execFileSync, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import { createRequire } from "node:module"
import * as path from "node:path"
import { contractsRoot } from "@agent-desktop/contracts"
import { afterAll, describe, expect, it } from "vitest"

const require = createRequire(import.meta.url)
const repo = path.resolve(contractsRoot(), "..")
const work = fs.mkdtempSync(path.join(os.tmpdir(), "contract-pack-"))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

const npm = (args: ReadonlyArray<string>, cwd: string) =>
  execFileSync("npm", [...args], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, npm_config_update_notifier: "false" } })

interface PackResult {
  readonly filename: string
  readonly files: ReadonlyArray<{ readonly path: string }>
}

const pack = (dir: string): PackResult => {
  const [result] = JSON.parse(npm(["pack", "--ignore-scripts", "--json", "--pack-destination", work], dir)) as Array<PackResult>
  return result!
}

describe("installable packages", () => {
  it("pack with their built output, install into an empty project, import, type-check and run there", () => {
    execFileSync(process.execPath, [path.join(repo, "node_modules/typescript/bin/tsc"), "-b", "contracts/tsconfig.lib.json", "tools/contract-check/tsconfig.lib.json"], { cwd: repo })
    const contracts = pack(path.join(repo, "contracts"))
    const check = pack(path.join(repo, "tools/contract-check"))
    const shipped = contracts.files.map((file) => file.path)
    expect(shipped).toContain("dist/index.js")
    expect(shipped).toContain("dist/index.d.ts")
    expect(shipped).toContain("schemas/2.6/envelope.schema.json")
    expect(shipped).toContain("released.lock.json")
    expect(shipped.some((file) => file.endsWith(".test.js") || file.startsWith("src/") && !file.includes("generated"))).toBe(false)
    expect(check.files.map((file) => file.path)).toContain("dist/bin/contract-check.js")

    const project = path.join(work, "consumer")
    fs.mkdirSync(project)
    fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }))
    npm(["install", "--no-audit", "--no-fund", "--prefer-offline", path.join(work, contracts.filename), path.join(work, check.filename)], project)

    const script = [
      'import { CONTRACT_VERSIONS, envelopeSchemaText, COMMAND_SPECS } from "@agent-desktop/contracts"',
      'import { COMMAND_NAMES, argumentsSchema, COMMANDS } from "@agent-desktop/contracts/commands"',
      'import { convertEnvelope } from "@agent-desktop/contracts/convert"',
      'import { validateEnvelope } from "@agent-desktop/contract-check"',
      'import * as fs from "node:fs"',
      'const committed = fs.readFileSync("node_modules/@agent-desktop/contracts/schemas/2.3/envelope.strict.schema.json", "utf8")',
      'const down = convertEnvelope({ version: "2.6", ok: true, command: "version", data: { version: "1", target: "x64", os: "linux", contracts: ["2.6"], default_contract: "2.6" } }, "2.6", "2.5")',
      'console.log(JSON.stringify({ versions: CONTRACT_VERSIONS, same: envelopeSchemaText("2.3", "strict") === committed, commands: COMMAND_NAMES.length, spec: Object.keys(COMMAND_SPECS).length, tool: argumentsSchema(COMMANDS["click"]).required, down: validateEnvelope("2.5", down, { strict: true }).valid }))'
    ].join("\n")
    fs.writeFileSync(path.join(project, "run.mjs"), script)
    const ran = JSON.parse(execFileSync(process.execPath, ["run.mjs"], { cwd: project, encoding: "utf8" })) as Record<string, unknown>
    expect(ran).toEqual({ versions: ["2.1", "2.2", "2.3", "2.4", "2.5", "2.6"], same: true, commands: ran["spec"], spec: ran["spec"], tool: ["ref_id"], down: true })

    fs.writeFileSync(path.join(project, "typed.ts"), [
      'import type { Envelope, EnvelopeV2_3, CommandData } from "@agent-desktop/contracts"',
      'export const snapshotId = (envelope: Envelope): string | undefined =>',
      '  envelope.ok ? (envelope.command === "snapshot" ? envelope.data.snapshot_id : undefined) : envelope.error.code',
      'export const launched = (envelope: EnvelopeV2_3): number | undefined => envelope.ok && envelope.command === "launch" ? envelope.data.pid : undefined',
      'export const count: CommandData<"find"> = { count: 3 }',
      ""
    ].join("\n"))
    fs.writeFileSync(path.join(project, "tsconfig.json"), JSON.stringify({ compilerOptions: { module: "nodenext", moduleResolution: "nodenext", target: "es2022", strict: true, noEmit: true, skipLibCheck: false, types: [] }, files: ["typed.ts"] }))
    // The monorepo's own compiler; the types it checks come from the consumer's node_modules only.
    const tsc = spawnSync(process.execPath, [path.join(repo, "node_modules/typescript/bin/tsc"), "-p", "."], { cwd: project, encoding: "utf8" })
    expect(tsc.stdout + tsc.stderr).toBe("")
    expect(tsc.status).toBe(0)

    const bin = path.join(project, "node_modules/.bin/contract-check")
    const fixture = (name: string) => path.join(project, "node_modules/@agent-desktop/contracts/fixtures", name)
    expect(spawnSync(bin, ["validate", fixture("2.6/valid/snapshot.json")]).status).toBe(0)
    expect(spawnSync(bin, ["validate", fixture("2.6/invalid/error-and-data-both.json")]).status).toBe(1)
    expect(spawnSync(bin, ["validate", path.join(project, "missing.json")]).status).toBe(2)

    // The consumer recipe of contracts/README.md: recorded 2.5 envelopes as NDJSON, validated with the pinned
    // version, then types regenerated from the pinned schema's named $defs.
    const recorded = fs.readdirSync(fixture("2.5/valid")).map((name) => JSON.stringify(JSON.parse(fs.readFileSync(fixture(`2.5/valid/${name}`), "utf8"))))
    fs.writeFileSync(path.join(project, "recorded.ndjson"), `${recorded.join("\n")}\n`)
    const validated = spawnSync(bin, ["validate", "--version", "2.5", "recorded.ndjson"], { cwd: project, encoding: "utf8" })
    expect(validated.status, validated.stdout).toBe(0)
    expect(JSON.parse(validated.stdout)).toMatchObject({ valid: true, lines: recorded.length, invalid: 0 })
    const schema = "node_modules/@agent-desktop/contracts/schemas/2.5/envelope.schema.json"
    const uris = execFileSync(process.execPath, ["-e", 'const s=require(process.argv[1]);for(const k in s.$defs)if(/(Data|Envelope)$/.test(k))console.log(process.argv[1]+"#/$defs/"+k)', path.join(project, schema)], { cwd: project, encoding: "utf8" }).trim().split("\n")
    const quicktype = path.join(path.dirname(require.resolve("quicktype/package.json")), "dist", "index.js")
    execFileSync(process.execPath, [quicktype, "--src-lang", "schema", "--lang", "typescript", "--just-types", "-o", "agentDesktop.ts", ...uris], { cwd: project })
    const generated = fs.readFileSync(path.join(project, "agentDesktop.ts"), "utf8")
    for (const name of ["SnapshotData", "FindData", "MouseClickData", "ErrorEnvelope"]) expect(generated).toContain(`export interface ${name} {`)
  }, 300_000)
})
