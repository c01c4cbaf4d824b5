import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js"
import addFormatsModule from "ajv-formats"
import { isContractVersion, type ContractVersion, type Flavour } from "@agent-desktop/contracts"
import { envelopeSchemaPath, readJson } from "./contractFiles.js"

export interface ValidationError {
  readonly keyword: string
  readonly instancePath: string
  readonly schemaPath: string
  readonly message: string
  readonly params: Record<string, unknown>
}

export interface ValidationResult {
  readonly valid: boolean
  readonly errors: ReadonlyArray<ValidationError>
}

export interface ValidateOptions {
  /** Validate against the closed schema (every object closed, known commands only). Default false. */
  readonly strict?: boolean
}

// ajv-formats is CommonJS; under NodeNext its default import is the module namespace.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020
) => Ajv2020

const cache = new Map<string, ValidateFunction>()

/** A compiled validator for one committed schema file; compiled once per process. */
export const schemaValidator = (schemaFile: string): ValidateFunction => {
  const cached = cache.get(schemaFile)
  if (cached) return cached
  const ajv = new Ajv2020({ strict: true, allErrors: true })
  addFormats(ajv)
  const validate = ajv.compile(readJson(schemaFile) as object)
  cache.set(schemaFile, validate)
  return validate
}

const toError = (error: ErrorObject): ValidationError => ({
  keyword: error.keyword,
  instancePath: error.instancePath,
  schemaPath: error.schemaPath,
  message: error.message ?? error.keyword,
  params: error.params as Record<string, unknown>
})

/**
 * Validates one envelope against the committed JSON Schema of a contract version: the consumer flavour by default
 * (tolerates unknown keys), or the strict flavour, which our own output must pass.
 */
export const validateEnvelope = (
  version: ContractVersion,
  value: unknown,
  options: ValidateOptions = {}
): ValidationResult => {
  if (!isContractVersion(version)) throw new RangeError(`Unknown contract version: ${String(version)}`)
  const flavour: Flavour = options.strict === true ? "strict" : "consumer"
  const validate = schemaValidator(envelopeSchemaPath(version, flavour))
  const valid = validate(value)
  return { valid, errors: valid ? [] : (validate.errors ?? []).map(toError) }
}
