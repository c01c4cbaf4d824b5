import * as fs from "node:fs"
import * as path from "node:path"
import { Ajv2020 } from "ajv/dist/2020.js"
import addFormatsModule from "ajv-formats"
import { CONTRACT_VERSIONS, FLAVOURS, type ContractVersion, type Flavour } from "@agent-desktop/contracts"
import { envelopeSchemaPath, fixturesRoot, readJson } from "../contractFiles.js"

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020
) => Ajv2020

type JsonObject = Record<string, unknown>

/** The envelope document validated by its `oneOf` of named variants only (no if/then rules). */
export const unionView = (document: JsonObject): JsonObject => {
  const { if: _if, then: _then, else: _else, ...rest } = document
  return { ...rest, $id: `${String(document["$id"])}:union-view` }
}

/** The envelope document validated by its if/then rules only (no `oneOf`). */
export const rulesView = (document: JsonObject): JsonObject => {
  const { oneOf: _oneOf, ...rest } = document
  return { ...rest, $id: `${String(document["$id"])}:rules-view` }
}

export interface AgreementReport {
  readonly checked: number
  /** Fixtures one view accepts and the other rejects: each one is a failure. */
  readonly disagreements: ReadonlyArray<string>
}

const fixtureFiles = (version: ContractVersion) =>
  ["valid", "invalid"].flatMap((kind) => {
    const dir = path.join(fixturesRoot(), version, kind)
    return fs.existsSync(dir)
      ? fs.readdirSync(dir).filter((file) => file.endsWith(".json") && file !== "expectations.json").sort().map((file) => path.join(dir, file))
      : []
  })

/**
 * Proves the two ways an envelope schema validates agree: for every fixture of every version (valid and invalid)
 * and both flavours, the `oneOf` of named variants and the if/then rules give the same verdict. `extra` adds
 * more envelopes per version (e.g. converted fixtures, live output).
 */
export const checkUnionAgreement = (
  extra: Readonly<Partial<Record<ContractVersion, ReadonlyArray<readonly [string, unknown]>>>> = {}
): AgreementReport => {
  const ajv = new Ajv2020({ strict: true, allErrors: false, validateSchema: false })
  addFormats(ajv)
  const disagreements: Array<string> = []
  let checked = 0
  for (const version of CONTRACT_VERSIONS) {
    const samples: Array<readonly [string, unknown]> = [
      ...fixtureFiles(version).map((file) => [path.relative(fixturesRoot(), file), readJson(file)] as const),
      ...(extra[version] ?? [])
    ]
    for (const flavour of FLAVOURS as ReadonlyArray<Flavour>) {
      const document = readJson(envelopeSchemaPath(version, flavour)) as JsonObject
      const union = ajv.compile(unionView(document))
      const rules = ajv.compile(rulesView(document))
      for (const [name, value] of samples) {
        checked++
        const byUnion = union(value)
        const byRules = rules(value)
        if (byUnion !== byRules) {
          disagreements.push(`${version} ${flavour} ${name}: oneOf says ${byUnion ? "valid" : "invalid"}, if/then says ${byRules ? "valid" : "invalid"}`)
        }
      }
    }
  }
  return { checked, disagreements }
}
