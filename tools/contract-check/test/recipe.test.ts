// The consumer recipe of contracts/README.md, run as written: its `pack` block in this checkout, its `consumer`
// block in an empty directory (the real CLI on PATH as `agent-desktop`, no desktop session), then the generated
// clients parse every valid fixture of the pinned version and the envelopes the recipe recorded. The same install
// also proves the published shape: the packages import, type-check and run outside the monorepo.
import { execFileSync, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { contractsRoot, type ContractVersion } from "@agent-desktop/contracts"
import { afterAll, describe, expect, it } from "vitest"
import { checkGo, checkPython, checkTypeScript, cliBin, fixtureLines, parsedCount, recordingEnv, repo, tscBin } from "./generatedClients.js"
import { recipeBlock, recipePinnedVersion } from "./recipe.js"

const work = fs.mkdtempSync(path.join(os.tmpdir(), "contract-recipe-"))
// The recipe installs whole node_modules trees; removing them on a loaded 2-core machine outlasts the default hook timeout.
afterAll(() => fs.rmSync(work, { recursive: true, force: true }), 120_000)

const readJson = (file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, Record<string, string>>

const bash = (script: string, cwd: string, env: NodeJS.ProcessEnv) =>
  spawnSync("bash", ["-e", "-o", "pipefail", "-c", script], { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, timeout: 240_000 })

describe("the consumer recipe in contracts/README.md", () => {
  it("names the generator versions this repository pins", () => {
    const consumer = recipeBlock("consumer")
    const devDependencies = readJson(path.join(repo, "tools/contract-check/package.json"))["devDependencies"]!
    expect(consumer).toContain(`quicktype@${devDependencies["quicktype"]}`)
    expect(consumer).toContain(`json-schema-to-typescript@${devDependencies["json-schema-to-typescript"]}`)
    expect(consumer).toContain(`typescript@${readJson(path.join(repo, "package.json"))["devDependencies"]!["typescript"]}`)
  })

  it("packs, installs into an empty directory, records, validates, generates and compiles; the clients parse every envelope", () => {
    execFileSync(process.execPath, [tscBin, "-b", "contracts/tsconfig.lib.json", "tools/contract-check/tsconfig.lib.json"], { cwd: repo })
    const packs = path.join(work, "packs")
    const env = {
      ...recordingEnv(path.join(work, "home")),
      PACKS: packs,
      npm_config_prefer_offline: "true",
      npm_config_update_notifier: "false",
      npm_config_audit: "false",
      npm_config_fund: "false"
    }
    const packed = bash(recipeBlock("pack"), repo, env)
    expect(packed.status, packed.stderr).toBe(0)
    expect(fs.readdirSync(packs).sort()).toEqual(["agent-desktop-contract-check-0.1.0.tgz", "agent-desktop-contracts-0.1.0.tgz"])

    const shims = path.join(work, "bin")
    fs.mkdirSync(shims)
    fs.symlinkSync(cliBin, path.join(shims, "agent-desktop"))
    const project = path.join(work, "consumer")
    fs.mkdirSync(project)
    const consumer = bash(recipeBlock("consumer"), project, { ...env, PATH: `${shims}:${process.env["PATH"] ?? ""}` })
    expect(consumer.status, `${consumer.stdout}\n${consumer.stderr}`).toBe(0)

    const version = recipePinnedVersion()
    const recorded = fs.readFileSync(path.join(project, "recorded.ndjson"), "utf8").trim().split("\n")
    expect(recorded.map((line) => JSON.parse(line) as { version: string; command: string })
      .map((envelope) => [envelope.version, envelope.command])).toEqual([[version, "version"], [version, "status"], [version, "snapshot"]])

    // The generated clients, compiled by the recipe, now read every valid fixture of the pinned version and what the
    // recipe recorded (in a folder of their own, so the harness files stay out of the consumer's project).
    const lines = [...fixtureLines(version as ContractVersion), ...recorded]
    const harness = path.join(work, "harness")
    fs.mkdirSync(harness)
    for (const file of ["envelope.ts", "agentDesktop.ts", "agent_desktop.py", "agentdesktop"]) {
      fs.cpSync(path.join(project, file), path.join(harness, file), { recursive: true })
    }
    for (const result of [checkTypeScript(harness, lines), checkPython(harness, lines), checkGo(harness, version as ContractVersion, lines)]) {
      expect(result.ok, result.report).toBe(true)
      expect(parsedCount(result), result.report).toBe(lines.length)
    }

    // The installed packages outside the monorepo: imports, their types, and the bin's exit codes.
    const script = [
      'import { CONTRACT_VERSIONS, envelopeSchemaText, clientSchemaText, COMMAND_SPECS } from "@agent-desktop/contracts"',
      'import { COMMAND_NAMES, argumentsSchema, COMMANDS } from "@agent-desktop/contracts/commands"',
      'import { convertEnvelope } from "@agent-desktop/contracts/convert"',
      'import { validateEnvelope } from "@agent-desktop/contract-check"',
      'import * as fs from "node:fs"',
      'const committed = fs.readFileSync("node_modules/@agent-desktop/contracts/schemas/2.3/envelope.strict.schema.json", "utf8")',
      'const client = fs.readFileSync("node_modules/@agent-desktop/contracts/schemas/2.3/envelope.client.schema.json", "utf8")',
      'const down = convertEnvelope({ version: "2.6", ok: true, command: "version", data: { version: "1", target: "x64", os: "linux", contracts: ["2.6"], default_contract: "2.6" } }, "2.6", "2.5")',
      'console.log(JSON.stringify({ versions: CONTRACT_VERSIONS, same: envelopeSchemaText("2.3", "strict") === committed && clientSchemaText("2.3") === client, commands: COMMAND_NAMES.length, spec: Object.keys(COMMAND_SPECS).length, tool: argumentsSchema(COMMANDS["click"]).required, down: validateEnvelope("2.5", down, { strict: true }).valid }))'
    ].join("\n")
    fs.writeFileSync(path.join(project, "run.mjs"), script)
    const ran = JSON.parse(execFileSync(process.execPath, ["run.mjs"], { cwd: project, encoding: "utf8" })) as Record<string, unknown>
    expect(ran).toEqual({ versions: ["2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7"], same: true, commands: ran["spec"], spec: ran["spec"], tool: ["ref_id"], down: true })

    fs.writeFileSync(path.join(project, "typed.ts"), [
      'import type { Envelope, EnvelopeV2_3, CommandData } from "@agent-desktop/contracts"',
      'export const snapshotId = (envelope: Envelope): string | undefined =>',
      '  envelope.ok ? (envelope.command === "snapshot" ? envelope.data.snapshot_id : undefined) : envelope.error.code',
      'export const launched = (envelope: EnvelopeV2_3): number | undefined => envelope.ok && envelope.command === "launch" ? envelope.data.pid : undefined',
      'export const count: CommandData<"find"> = { count: 3 }',
      ""
    ].join("\n"))
    fs.writeFileSync(path.join(project, "tsconfig.json"), JSON.stringify({ compilerOptions: { module: "nodenext", moduleResolution: "nodenext", target: "es2022", strict: true, noEmit: true, skipLibCheck: false, types: [] }, files: ["typed.ts"] }))
    const tsc = spawnSync(process.execPath, [path.join(project, "node_modules/typescript/bin/tsc"), "-p", "."], { cwd: project, encoding: "utf8" })
    expect(tsc.stdout + tsc.stderr).toBe("")
    expect(tsc.status).toBe(0)

    const bin = path.join(project, "node_modules/.bin/contract-check")
    const fixture = (name: string) => path.join(project, "node_modules/@agent-desktop/contracts/fixtures", name)
    expect(spawnSync(bin, ["validate", fixture("2.6/valid/snapshot.json")]).status).toBe(0)
    expect(spawnSync(bin, ["validate", fixture("2.6/invalid/error-and-data-both.json")]).status).toBe(1)
    expect(spawnSync(bin, ["validate", path.join(project, "missing.json")]).status).toBe(2)
    expect(fs.existsSync(path.join(project, "node_modules/@agent-desktop/contracts/released.lock.json"))).toBe(true)
    expect(fs.existsSync(path.join(project, "node_modules/@agent-desktop/contracts/src/index.ts"))).toBe(false)
    expect(contractsRoot()).not.toContain(project)
  }, 300_000)
})
