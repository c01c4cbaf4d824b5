// What a versioned consumer relies on: discoverable contract versions, the schema the binary was built with, a
// rejected --contract that says what happened, and --help that documents every flag.
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"
import { COMMANDS } from "@agent-desktop/contracts/commands"
import { validateEnvelope } from "@agent-desktop/contract-check"
import { cleanEnv, envelopeOf, runBinary, tempHome } from "./test/binary.js"

const env = cleanEnv(tempHome("consumers"))
const schemas = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../contracts/schemas")

describe("versioned consumers", () => {
  it("version lists the contracts the binary speaks and its default; --version says it too", () => {
    const envelope = envelopeOf(runBinary(["version"], env))
    assert.deepStrictEqual(envelope["data"]["contracts"], ["2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7"])
    assert.strictEqual(envelope["data"]["default_contract"], "2.7")
    assert.isTrue(validateEnvelope("2.7", envelope, { strict: true }).valid)
    const pinned = envelopeOf(runBinary(["--contract", "2.2", "version"], env))
    assert.isTrue(validateEnvelope("2.2", pinned, { strict: true }).valid)
    assert.match(runBinary(["--version"], env).stdout, /contract 2\.7; --contract 2\.1, 2\.2, 2\.3, 2\.4, 2\.5, 2\.6, 2\.7/)
  })

  it("a rejected --contract answers in the newest version and says so in details", () => {
    const result = runBinary(["--contract", "9.9", "status"], env)
    assert.strictEqual(result.exit, 2)
    const envelope = envelopeOf(result)
    assert.strictEqual(envelope["version"], "2.7")
    assert.deepStrictEqual(envelope["error"]["details"], {
      kind: "unknown_contract_version",
      requested: "9.9",
      answered_in: "2.7",
      supported: ["2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7"]
    })
    assert.isTrue(validateEnvelope("2.7", envelope, { strict: true }).valid)
  })

  it("schema prints the committed schema of the pinned version and flavour, or a wave schema, byte for byte", () => {
    const read = (...parts: Array<string>) => fs.readFileSync(path.join(schemas, ...parts), "utf8")
    assert.strictEqual(runBinary(["schema"], env).stdout, read("2.7", "envelope.schema.json"))
    assert.strictEqual(runBinary(["schema", "--contract", "2.3", "--strict"], env).stdout, read("2.3", "envelope.strict.schema.json"))
    assert.strictEqual(runBinary(["schema"], cleanEnv(tempHome("consumers-env"), { AGENT_DESKTOP_CONTRACT: "2.1" })).stdout, read("2.1", "envelope.schema.json"))
    assert.strictEqual(runBinary(["schema", "--wave", "stream-event"], env).stdout, read("wave", "stream-event.schema.json"))
    const unknown = runBinary(["schema", "--wave", "nope"], env)
    assert.strictEqual(unknown.exit, 2)
    assert.strictEqual(envelopeOf(unknown)["error"]["details"]["kind"], "unknown_wave_schema")
    assert.strictEqual(runBinary(["schema", "--contract", "1.0"], env).exit, 2)
  })

  it("--help of every command shows every flag with its description, and its default when it has one", () => {
    for (const [name, spec] of Object.entries(COMMANDS)) {
      const help = runBinary([name, "--help"], env).stdout
      for (const [flag, entry] of Object.entries(spec.flags)) {
        const head = new RegExp(`^\\s+(-\\w, )?--${flag}( |$)`)
        const line = help.split("\n").findIndex((text) => head.test(text))
        assert.isAtLeast(line, 0, `${name} --help lacks --${flag}`)
        const text = help.split("\n").slice(line, line + 2).join("\n")
        assert.include(text, entry.schema.description ?? "", `${name} --${flag} has no description`)
        if (entry.schema.default !== undefined) assert.include(text, `default: ${String(entry.schema.default)}`)
      }
    }
  }, 120_000)
})
