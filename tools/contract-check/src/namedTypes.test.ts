import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import { createRequire } from "node:module"
import * as os from "node:os"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { namedTypeSources, waveTypeSources } from "./namedTypes.js"

const require = createRequire(import.meta.url)
const quicktypeBin = path.join(path.dirname(require.resolve("quicktype/package.json")), "dist", "index.js")

const generate = (lang: string, extension: string, sources = namedTypeSources("2.6")): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quicktype-"))
  try {
    const out = path.join(dir, `types.${extension}`)
    const result = spawnSync(process.execPath, [quicktypeBin, "--src-lang", "schema", "--lang", lang, "--just-types", "-o", out, ...sources], { encoding: "utf8" })
    // Go notes open fields (platform_detail, unconfirmed data) on stderr as `interface{}`; only failure counts.
    expect(result.status, result.stderr).toBe(0)
    return fs.readFileSync(out, "utf8")
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

describe("quicktype on the committed 2.6 schema", () => {
  it("gives TypeScript one named type per command's data and envelope", () => {
    const source = generate("typescript", "ts")
    for (const name of ["SnapshotData", "FindData", "ListAppsData", "LaunchData", "StatusData", "SnapshotEnvelope", "ErrorEnvelope"]) {
      expect(source).toMatch(new RegExp(`export interface ${name} \\{`))
    }
    expect(source).toMatch(/export interface SnapshotEnvelope \{[^}]*command: SnapshotEnvelopeCommand;[^}]*data: +SnapshotData;/s)
  }, 120_000)

  it("gives Python and Go the same names", () => {
    const python = generate("python", "py")
    for (const name of ["SnapshotData", "FindData", "ErrorEnvelope"]) expect(python).toContain(`class ${name}`)
    const go = generate("go", "go")
    for (const name of ["SnapshotData", "FindData", "ErrorEnvelope"]) expect(go).toContain(`type ${name} struct`)
  }, 120_000)

  it("gives each wave stream event its own type", () => {
    const source = generate("typescript", "ts", waveTypeSources("stream-event"))
    for (const name of ["WaveSystemInit", "WaveContentDelta", "WaveToolStart", "WaveToolEnd", "WaveErrorEvent", "WaveSuccessResult", "WaveErrorResult"]) {
      expect(source).toMatch(new RegExp(`export interface ${name} \\{`))
    }
  }, 120_000)

  it("gives json-schema-to-typescript a discriminated union of named envelopes over named data types", async () => {
    const { compile } = await import("json-schema-to-typescript")
    const schema = JSON.parse(fs.readFileSync(namedTypeSources("2.6")[0]!.split("#")[0]!, "utf8")) as Parameters<typeof compile>[0]
    const source = await compile(schema, "Envelope", { bannerComment: "", additionalProperties: false })
    expect(source).toMatch(/\| SnapshotEnvelope\n/)
    expect(source).toMatch(/\| ErrorEnvelope\n/)
    expect(source).toMatch(/export interface SnapshotEnvelope \{[^}]*command: "snapshot";[^}]*data: SnapshotData;/s)
    for (const name of ["SnapshotData", "FindData", "ClickData", "ListAppsData"]) expect(source).toMatch(new RegExp(`export (type|interface) ${name}\\b`))
  }, 120_000)
})
