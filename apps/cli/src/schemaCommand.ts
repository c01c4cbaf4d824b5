/**
 * `agent-desktop schema [--contract V] [--strict] [--wave NAME]`: the JSON Schema document this binary was built with,
 * generated from the contract sources it carries (byte for byte the committed file). Loaded only for this mode: it
 * pulls in TypeBox and every contract version.
 */
import { errorEnvelope } from "@agent-desktop/domain"
import { envelopeSchemaText, WAVE_SCHEMA_NAMES, waveSchemaText } from "@agent-desktop/contracts"
import { CONTRACT_VERSIONS, isContractVersion, LATEST_CONTRACT_VERSION } from "@agent-desktop/contracts/vocabulary"
import type { Globals } from "./parser/ParsedCommand.js"

export interface SchemaRequest {
  readonly strict: boolean
  readonly wave?: string
  readonly globals: Globals
}

const invalid = (message: string, suggestion: string, details: Record<string, unknown>) =>
  `${JSON.stringify(errorEnvelope("schema", { code: "INVALID_ARGS", message, suggestion, details }))}\n`

/** The text to print and the exit code (0, or 2 with an INVALID_ARGS envelope). */
export const schemaOutput = (request: SchemaRequest, env: Readonly<Record<string, string | undefined>>): { readonly text: string; readonly exit: number } => {
  if (request.wave !== undefined) {
    const text = waveSchemaText(request.wave)
    return text === undefined
      ? { text: invalid(`Unknown wave schema '${request.wave}'`, `Pass --wave with one of ${WAVE_SCHEMA_NAMES.join(", ")}`, { kind: "unknown_wave_schema", requested: request.wave, supported: [...WAVE_SCHEMA_NAMES] }), exit: 2 }
      : { text, exit: 0 }
  }
  const requested = request.globals.contract ?? (env["AGENT_DESKTOP_CONTRACT"] || undefined) ?? LATEST_CONTRACT_VERSION
  if (!isContractVersion(requested)) {
    return {
      text: invalid(`Unknown contract version '${requested}'; answering in ${LATEST_CONTRACT_VERSION}`, `Pass --contract with one of ${CONTRACT_VERSIONS.join(", ")}`, {
        kind: "unknown_contract_version",
        requested,
        answered_in: LATEST_CONTRACT_VERSION,
        supported: [...CONTRACT_VERSIONS]
      }),
      exit: 2
    }
  }
  return { text: envelopeSchemaText(requested, request.strict ? "strict" : "consumer"), exit: 0 }
}
