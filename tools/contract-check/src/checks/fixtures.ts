import * as fs from "node:fs"
import * as path from "node:path"
import { CONTRACT_VERSIONS, FLAVOURS, type ContractVersion, type Flavour } from "@agent-desktop/contracts"
import { fixturesRoot, readJson } from "../contractFiles.js"
import { validateEnvelope, type ValidationError } from "../validateEnvelope.js"

/** Why an invalid fixture must fail: the flavours that reject it and one error that proves the reason. */
export interface FixtureExpectation {
  readonly flavours: ReadonlyArray<Flavour>
  readonly keyword: string
  readonly instancePath: string
  readonly params?: Record<string, unknown>
}

export interface FixtureReport {
  readonly checked: number
  readonly failures: ReadonlyArray<string>
}

const EXPECTATIONS_FILE = "expectations.json"

const jsonFiles = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((file) => file.endsWith(".json") && file !== EXPECTATIONS_FILE).sort() : []

const matches = (error: ValidationError, expected: FixtureExpectation) =>
  error.keyword === expected.keyword &&
  error.instancePath === expected.instancePath &&
  Object.entries(expected.params ?? {}).every(([key, value]) => error.params[key] === value)

const describe = (errors: ReadonlyArray<ValidationError>) =>
  errors.map((error) => `${error.keyword}@${error.instancePath || "/"}`).join(", ")

/** A valid fixture must pass both flavours. */
const checkValid = (version: ContractVersion, name: string, value: unknown): Array<string> =>
  FLAVOURS.flatMap((flavour) => {
    const result = validateEnvelope(version, value, { strict: flavour === "strict" })
    return result.valid ? [] : [`${version}/valid/${name} fails ${flavour}: ${describe(result.errors)}`]
  })

/**
 * An invalid fixture must fail each listed flavour with the expected error, and pass the flavours not listed
 * (which proves a strict-only rule is strict-only, e.g. an unknown key the consumer schema tolerates).
 */
const checkInvalid = (
  version: ContractVersion,
  name: string,
  value: unknown,
  expected: FixtureExpectation | undefined
): Array<string> => {
  if (expected === undefined) return [`${version}/invalid/${name} has no entry in ${EXPECTATIONS_FILE}`]
  return FLAVOURS.flatMap((flavour) => {
    const result = validateEnvelope(version, value, { strict: flavour === "strict" })
    const shouldFail = expected.flavours.includes(flavour)
    if (!shouldFail) return result.valid ? [] : [`${version}/invalid/${name} should pass ${flavour}: ${describe(result.errors)}`]
    if (result.valid) return [`${version}/invalid/${name} passes ${flavour}`]
    return result.errors.some((error) => matches(error, expected))
      ? []
      : [
          `${version}/invalid/${name} fails ${flavour} for another reason than ${expected.keyword}@${expected.instancePath || "/"}: ${describe(result.errors)}`
        ]
  })
}

/** Every fixture validates or fails as its folder (and, for invalid ones, expectations.json) says. */
export const checkFixtures = (root = fixturesRoot()): FixtureReport => {
  const failures: Array<string> = []
  let checked = 0
  for (const version of CONTRACT_VERSIONS) {
    const validDir = path.join(root, version, "valid")
    const invalidDir = path.join(root, version, "invalid")
    for (const name of jsonFiles(validDir)) {
      checked++
      failures.push(...checkValid(version, name, readJson(path.join(validDir, name))))
    }
    const expectationsFile = path.join(invalidDir, EXPECTATIONS_FILE)
    const expectations = (fs.existsSync(expectationsFile) ? readJson(expectationsFile) : {}) as Record<
      string,
      FixtureExpectation
    >
    const invalid = jsonFiles(invalidDir)
    for (const name of invalid) {
      checked++
      failures.push(...checkInvalid(version, name, readJson(path.join(invalidDir, name)), expectations[name]))
    }
    for (const name of Object.keys(expectations)) {
      if (!invalid.includes(name)) failures.push(`${version}/invalid/${EXPECTATIONS_FILE} names a missing fixture ${name}`)
    }
  }
  return { checked, failures }
}
