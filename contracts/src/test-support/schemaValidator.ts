// Test-only: validates against the committed schema files. (@agent-desktop/contract-check offers the same for
// other packages, but it depends on this package, so contracts' own tests use ajv directly.)
import * as fs from "node:fs"
import * as path from "node:path"
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js"
import type { Flavour } from "../emit/envelopeDocument.js"
import { contractsRoot } from "../emit/paths.js"
import type { ContractVersion } from "../vocabulary/ContractVersion.js"

const cache = new Map<string, ValidateFunction>()

export const compileSchema = (schema: object): ValidateFunction => new Ajv2020({ strict: true, allErrors: true }).compile(schema)

export const validatorFor = (version: ContractVersion, flavour: Flavour): ValidateFunction => {
  const key = `${version}/${flavour}`
  const cached = cache.get(key)
  if (cached) return cached
  const file = path.join(contractsRoot(), "schemas", version, flavour === "strict" ? "envelope.strict.schema.json" : "envelope.schema.json")
  const validate = compileSchema(JSON.parse(fs.readFileSync(file, "utf8")) as object)
  cache.set(key, validate)
  return validate
}

export const errorsOf = (validate: ValidateFunction): string =>
  (validate.errors ?? []).map((error: ErrorObject) => `${error.keyword}@${error.instancePath || "/"}`).join(", ")

/** Every fixture file of a version and folder, parsed, by file name. */
export const fixtures = (version: ContractVersion, folder: "valid" | "invalid"): Array<[string, unknown]> => {
  const dir = path.join(contractsRoot(), "fixtures", version, folder)
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".json") && file !== "expectations.json")
    .sort()
    .map((file) => [file, JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"))])
}
