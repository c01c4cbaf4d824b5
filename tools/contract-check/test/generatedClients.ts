// Test support: generate clients from a client schema with the pinned generators, compile them, and parse envelopes
// with the generated code (the harness programs in ../client-harness). Every check runs a real compiler or
// interpreter on the generated code; nothing here matches generated text.
import { execFileSync, spawnSync, type SpawnSyncReturns } from "node:child_process"
import * as fs from "node:fs"
import { createRequire } from "node:module"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { CONTRACT_VERSIONS, contractsRoot, type ContractVersion } from "@agent-desktop/contracts"

const require = createRequire(import.meta.url)
const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
export const repo = path.resolve(packageDir, "../..")
const harness = path.join(packageDir, "client-harness")

const binOf = (name: string, bin: string) => {
  const manifest = require.resolve(`${name}/package.json`)
  const declared = (JSON.parse(fs.readFileSync(manifest, "utf8")) as { bin: string | Record<string, string> }).bin
  return path.join(path.dirname(manifest), typeof declared === "string" ? declared : declared[bin]!)
}
export const quicktypeBin = binOf("quicktype", "quicktype")
export const json2tsBin = binOf("json-schema-to-typescript", "json2ts")
export const tscBin = path.join(repo, "node_modules/typescript/bin/tsc")
const nodeTypes = path.join(repo, "node_modules/@types")

export const clientSchema = (version: ContractVersion) => path.join(contractsRoot(), "schemas", version, "envelope.client.schema.json")

export interface Ran {
  readonly ok: boolean
  /** Exit status and output, for the assertion message. */
  readonly report: string
  readonly stdout: string
}

const ran = (command: string, result: SpawnSyncReturns<string>): Ran => ({
  ok: result.status === 0,
  stdout: result.stdout ?? "",
  report: `${command}: exit ${result.status ?? result.signal}\n${result.stdout ?? ""}\n${result.stderr ?? ""}`.slice(0, 8000)
})

const run = (command: string, args: ReadonlyArray<string>, cwd: string, env: NodeJS.ProcessEnv = process.env): Ran =>
  ran([command, ...args].join(" ").slice(0, 200), spawnSync(command, [...args], { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }))

const pascal = (name: string, separator: string) =>
  name.split(separator).map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase()).join("")

// ---- generation: the same command lines as the recipe in contracts/README.md -------------------------------------

/** `contract-check types --version V`: the URIs quicktype gets, one per type. */
export const typeSources = (version: ContractVersion): Array<string> =>
  execFileSync(process.execPath, [path.join(packageDir, "bin/contract-check.js"), "types", "--version", version], { encoding: "utf8" }).trim().split("\n")

export const generateJson2ts = (version: ContractVersion, dir: string): Ran =>
  run(process.execPath, [json2tsBin, "--no-additionalProperties", "-i", clientSchema(version), "-o", "envelope.ts"], dir)

export const generateQuicktype = (language: "typescript" | "python" | "go", version: ContractVersion, dir: string): Ran => {
  const out = { typescript: "agentDesktop.ts", python: "agent_desktop.py", go: "agentdesktop/agentdesktop.go" }[language]
  fs.mkdirSync(path.dirname(path.join(dir, out)), { recursive: true })
  return run(process.execPath, [quicktypeBin, "--src-lang", "schema", "--lang", language, ...(language === "go" ? ["--package", "agentdesktop"] : []), "-o", out, ...typeSources(version)], dir)
}

// ---- envelopes to parse -------------------------------------------------------------------------------------------

export const fixtureLines = (version: ContractVersion): Array<string> => {
  const dir = path.join(contractsRoot(), "fixtures", version, "valid")
  return fs.readdirSync(dir).filter((file) => file.endsWith(".json")).sort()
    .map((file) => JSON.stringify(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"))))
}

export const cliBin = path.join(repo, "apps/cli/bin/agent-desktop")

/** An environment without a desktop session and with a fresh state root, for recording the real CLI's envelopes. */
export const recordingEnv = (home: string): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, AGENT_DESKTOP_HOME: home }
  for (const name of ["DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS", "AGENT_DESKTOP_CONTRACT"]) delete env[name]
  return env
}

/** Envelopes the real CLI (apps/cli, built) prints under contract `version`: successes and errors, no desktop needed. */
export const recordEnvelopes = (version: ContractVersion, home: string): Array<string> => {
  if (!fs.existsSync(path.join(repo, "apps/cli/dist/agent-desktop.cjs"))) throw new Error("apps/cli is not built: run `npm run build` at the repository root")
  const calls = [["version"], ["status"], ["permissions"], ["skills"], ["wait", "1"], ["session", "list"], ["click", "@e1"], ["snapshot", "--app", "no-such-app", "-i"]]
  return calls.map((args) => {
    const result = spawnSync(cliBin, ["--contract", version, ...args], { env: recordingEnv(home), encoding: "utf8" })
    const lines = result.stdout.trim().split("\n")
    if (lines.length !== 1 || !lines[0]!.startsWith("{")) throw new Error(`agent-desktop ${args.join(" ")} printed ${JSON.stringify(result.stdout)} ${result.stderr}`)
    return lines[0]!
  })
}

// ---- compile and parse --------------------------------------------------------------------------------------------

/**
 * The TypeScript clients, both generators, in one compile: json-schema-to-typescript's envelope.ts with
 * narrowing.ts and envelopes.ts (every envelope a literal of its command's type, every error body one of its code's),
 * quicktype's agentDesktop.ts with parseEnvelopes.ts, which then runs and reads every envelope through `Convert`.
 */
export const checkTypeScript = (dir: string, lines: ReadonlyArray<string>): Ran => {
  const names = new Set<string>()
  const body = lines.flatMap((line, index) => {
    const envelope = JSON.parse(line) as { ok: boolean; command: string; error?: { code: string } }
    const type = envelope.ok ? `${pascal(envelope.command, "-")}Envelope` : "ErrorEnvelope"
    names.add(type)
    const declarations = [`export const line${index + 1}: ${type} = ${line}`]
    if (envelope.error !== undefined) {
      const bodyType = `${pascal(envelope.error.code, "_")}ErrorBody`
      names.add(bodyType)
      declarations.push(`export const line${index + 1}Error: ${bodyType} = ${JSON.stringify(envelope.error)}`)
    }
    return declarations
  })
  fs.writeFileSync(path.join(dir, "envelopes.ts"), [`import type { ${[...names].sort().join(", ")} } from "./envelope.js"`, ...body, ""].join("\n"))
  fs.writeFileSync(path.join(dir, "envelopes.ndjson"), `${lines.join("\n")}\n`)
  for (const file of ["narrowing.ts", "parseEnvelopes.ts"]) fs.copyFileSync(path.join(harness, file), path.join(dir, file))
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module", private: true }))
  fs.writeFileSync(path.join(dir, "tsconfig.harness.json"), JSON.stringify({
    compilerOptions: { strict: true, target: "es2022", module: "nodenext", moduleResolution: "nodenext", outDir: "harness-out", typeRoots: [nodeTypes], types: ["node"], skipLibCheck: true },
    files: ["envelope.ts", "envelopes.ts", "narrowing.ts", "agentDesktop.ts", "parseEnvelopes.ts"]
  }))
  const compiled = run(process.execPath, [tscBin, "-p", "tsconfig.harness.json"], dir)
  if (!compiled.ok) return compiled
  return run(process.execPath, [path.join(dir, "harness-out/parseEnvelopes.js"), path.join(dir, "envelopes.ndjson")], dir)
}

/** quicktype's Python module: compiled (py_compile), then every envelope read through its classes. */
export const checkPython = (dir: string, lines: ReadonlyArray<string>): Ran => {
  fs.writeFileSync(path.join(dir, "envelopes.ndjson"), `${lines.join("\n")}\n`)
  const compiled = run("python3", ["-m", "py_compile", "agent_desktop.py"], dir)
  if (!compiled.ok) return compiled
  return run("python3", [path.join(harness, "parse_envelopes.py"), path.join(dir, "agent_desktop.py"), path.join(dir, "envelopes.ndjson")], dir)
}

/** Go's dispatch table for the harness: each command's and each code's Unmarshal function, from the client schema. */
const goDispatch = (version: ContractVersion): string => {
  const schema = JSON.parse(fs.readFileSync(clientSchema(version), "utf8")) as {
    oneOf: Array<{ $ref: string }>
    $defs: Record<string, { properties: { command?: { const?: string }; code?: { const?: string } }; oneOf?: Array<{ $ref: string }> }>
  }
  const entry = (key: string, type: string) => `\t${JSON.stringify(key)}: func(raw []byte) (interface{}, error) { value, err := Unmarshal${type}(raw); return value, err },`
  const defName = (ref: string) => ref.replace("#/$defs/", "")
  const envelopes = schema.oneOf.map((ref) => defName(ref.$ref)).flatMap((name) => {
    const command = schema.$defs[name]!.properties.command?.const
    return command === undefined ? [] : [entry(command, name)]
  })
  const bodies = schema.$defs["ErrorBody"]!.oneOf!.map((ref) => defName(ref.$ref)).map((name) => entry(schema.$defs[name]!.properties.code!.const!, name))
  return ["package agentdesktop", "", "var envelopeDecoders = map[string]decoder{", ...envelopes, "}", "", "var errorBodyDecoders = map[string]decoder{", ...bodies, "}", ""].join("\n")
}

/** quicktype's Go package: `go vet` (which builds it), then `go test` reads every envelope through its types. */
export const checkGo = (dir: string, version: ContractVersion, lines: ReadonlyArray<string>): Ran => {
  const pkg = path.join(dir, "agentdesktop")
  fs.writeFileSync(path.join(dir, "envelopes.ndjson"), `${lines.join("\n")}\n`)
  if (!fs.existsSync(path.join(dir, "go.mod")) && !fs.existsSync(path.join(pkg, "go.mod"))) fs.writeFileSync(path.join(pkg, "go.mod"), "module example.com/agentdesktop\n\ngo 1.19\n")
  const env = { ...process.env, GOFLAGS: "-mod=mod", GOPROXY: "off", AGENT_DESKTOP_ENVELOPES: path.join(dir, "envelopes.ndjson") }
  const built = run("go", ["build", "./..."], pkg, env)
  if (!built.ok) return built
  fs.copyFileSync(path.join(harness, "envelopes_test.go"), path.join(pkg, "envelopes_test.go"))
  fs.writeFileSync(path.join(pkg, "dispatch_test.go"), goDispatch(version))
  return run("go", ["test", "-count=1", "-v", "./..."], pkg, env)
}

/** The number of envelopes a harness reports as parsed. */
export const parsedCount = (result: Ran): number => {
  const go = /parsed (\d+) envelopes/.exec(result.stdout)
  if (go !== null) return Number(go[1])
  return (JSON.parse(result.stdout.trim().split("\n").at(-1)!) as { parsed: number }).parsed
}

export { CONTRACT_VERSIONS }
