import { CONTRACT_VERSIONS, FAIL_CLOSED_COMMANDS, LATEST_CONTRACT_VERSION } from "@agent-desktop/contracts"
import { convertEnvelope, type EnvelopeJson } from "@agent-desktop/contracts/convert"
import { generator_for } from "jsoncompat"
import { describe, expect, it } from "vitest"
import { ensureJsoncompat } from "./checks/compat.js"
import { dataSchemas, errorSchema, standalone } from "./checks/schemaViews.js"
import { envelopeSchemaPath, readJson } from "./contractFiles.js"
import { validateEnvelope } from "./validateEnvelope.js"

const VALUES_PER_PART = 3

/**
 * Property test of the CLI's hot path: envelopes generated from the newest strict schema (every command's data and
 * the error body, by jsoncompat's generator) convert down to every older version and validate against its strict
 * schema. Failures print the generated envelope so they can be replayed.
 */
describe(`down-conversion of generated ${LATEST_CONTRACT_VERSION} envelopes`, () => {
  ensureJsoncompat()
  const latest = readJson(envelopeSchemaPath(LATEST_CONTRACT_VERSION, "strict")) as Record<string, unknown>
  const generate = (schema: unknown, count: number): Array<unknown> => {
    const generator = generator_for(JSON.stringify(standalone(latest, schema)))
    return Array.from({ length: count }, () => JSON.parse(generator.generate_value(6)) as unknown)
  }
  const envelopes: Array<EnvelopeJson> = []
  for (const [command, schema] of dataSchemas(latest)) {
    if ((FAIL_CLOSED_COMMANDS as ReadonlyArray<string>).includes(command)) continue
    for (const data of generate(schema, VALUES_PER_PART)) envelopes.push({ version: LATEST_CONTRACT_VERSION, ok: true, command, data })
  }
  for (const error of generate(errorSchema(latest), 20)) envelopes.push({ version: LATEST_CONTRACT_VERSION, ok: false, command: "click", error })

  it(`generates valid ${LATEST_CONTRACT_VERSION} envelopes to start from`, () => {
    for (const envelope of envelopes) {
      expect(validateEnvelope(LATEST_CONTRACT_VERSION, envelope, { strict: true }).errors, JSON.stringify(envelope)).toEqual([])
    }
  })

  for (const version of CONTRACT_VERSIONS.filter((candidate) => candidate !== LATEST_CONTRACT_VERSION)) {
    it(`converts them to ${version}`, () => {
      const failures = envelopes.flatMap((envelope) => {
        const converted = convertEnvelope(envelope, LATEST_CONTRACT_VERSION, version)
        const { errors } = validateEnvelope(version, converted, { strict: true })
        return errors.length === 0 ? [] : [{ envelope, converted, errors: errors.map((e) => `${e.keyword}@${e.instancePath}`) }]
      })
      expect(failures).toEqual([])
    })
  }
})
