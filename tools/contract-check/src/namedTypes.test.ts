import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import { createRequire } from "node:module"
import * as os from "node:os"
import * as path from "node:path"
import { CONTRACT_VERSIONS } from "@agent-desktop/contracts"
import { describe, expect, it } from "vitest"
import { clientSchemaPath, readJson } from "./contractFiles.js"
import { clientTypeSources, namedTypeSources, waveTypeSources } from "./namedTypes.js"

const require = createRequire(import.meta.url)
const quicktypeBin = path.join(path.dirname(require.resolve("quicktype/package.json")), "dist", "index.js")

describe.each(CONTRACT_VERSIONS)("clientTypeSources(%s)", (version) => {
  const file = clientSchemaPath(version)
  const schema = readJson(file) as { oneOf: Array<{ $ref: string }>; $defs: Record<string, unknown> }
  const names = clientTypeSources(version).map((uri) => {
    expect(uri.startsWith(`${file}#/$defs/`)).toBe(true)
    return uri.slice(`${file}#/$defs/`.length)
  })

  it("lists the envelopes first, then the other definitions", () => {
    const envelopes = schema.oneOf.map((ref) => ref.$ref.replace("#/$defs/", ""))
    expect(names.slice(0, envelopes.length)).toEqual(envelopes)
    for (const name of ["ErrorBody", "StaleRefErrorBody", "TimeoutErrorBody", "Recovery", "SnapshotData"]) expect(names).toContain(name)
  })

  it("lists every shape of the schema exactly once (quicktype folds equal top-level types and Go loses the names)", () => {
    const shapes = names.map((name) => JSON.stringify(schema.$defs[name]))
    expect(new Set(shapes).size).toBe(shapes.length)
    for (const [name, body] of Object.entries(schema.$defs)) expect(shapes, name).toContain(JSON.stringify(body))
  })
})

describe("namedTypeSources", () => {
  it("lists a validating schema's Data and Envelope definitions", () => {
    const sources = namedTypeSources("2.6")
    expect(sources.some((uri) => uri.endsWith("#/$defs/SnapshotData"))).toBe(true)
    expect(sources.every((uri) => /#\/\$defs\/\w+(Data|Envelope)$/.test(uri))).toBe(true)
  })
})

describe("waveTypeSources", () => {
  it("gives quicktype each wave stream event as its own type, which compiles", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quicktype-wave-"))
    try {
      const out = path.join(dir, "events.ts")
      const result = spawnSync(process.execPath, [quicktypeBin, "--src-lang", "schema", "--lang", "typescript", "--just-types", "-o", out, ...waveTypeSources("stream-event")], { encoding: "utf8" })
      expect(result.status, result.stderr).toBe(0)
      const tsc = path.resolve(path.dirname(require.resolve("typescript/package.json")), "bin/tsc")
      const names = ["WaveSystemInit", "WaveContentDelta", "WaveToolStart", "WaveToolEnd", "WaveErrorEvent", "WaveSuccessResult", "WaveErrorResult"]
      fs.writeFileSync(path.join(dir, "use.ts"), `import type { ${names.join(", ")} } from "./events.js"\nexport type Named = ${names.join(" | ")}\n`)
      const compiled = spawnSync(process.execPath, [tsc, "--strict", "--noEmit", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "events.ts", "use.ts"], { cwd: dir, encoding: "utf8" })
      expect(compiled.status, compiled.stdout + compiled.stderr).toBe(0)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
