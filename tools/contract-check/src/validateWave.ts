import * as fs from "node:fs"
import * as path from "node:path"
import { contractsRoot } from "@agent-desktop/contracts"
import { schemaValidator, type ValidationResult } from "./validateEnvelope.js"

/** Path of one of wave's committed schemas (`stream-event`, `result`, `system-init`, ...). */
export const waveSchemaPath = (name: string, root = contractsRoot()) => path.join(root, "schemas", "wave", `${name}.schema.json`)

export const waveSchemaNames = (root = contractsRoot()): Array<string> =>
  fs.readdirSync(path.join(root, "schemas", "wave")).filter((file) => file.endsWith(".schema.json")).map((file) => file.slice(0, -".schema.json".length)).sort()

/** Validates one line of wave's stream-json output (default) or a value of another wave schema. */
export const validateWave = (value: unknown, name = "stream-event"): ValidationResult => {
  if (!waveSchemaNames().includes(name)) throw new RangeError(`Unknown wave schema: ${name}`)
  const validate = schemaValidator(waveSchemaPath(name))
  const valid = validate(value)
  return {
    valid,
    errors: valid ? [] : (validate.errors ?? []).map((error) => ({
      keyword: error.keyword,
      instancePath: error.instancePath,
      schemaPath: error.schemaPath,
      message: error.message ?? error.keyword,
      params: error.params as Record<string, unknown>
    }))
  }
}
