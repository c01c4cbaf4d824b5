import { CLIENT_NAME_KEY, DEF_KEY } from "../schema/def.js"
import { ERROR_BODIES_BY_CODE, errorBodyName } from "../schema/ErrorBody.js"
import type { ContractDefinition } from "../versions/ContractDefinition.js"
import { ERROR_CODES } from "../vocabulary/ErrorCodes.js"
import { dataDefName, envelopeDefName } from "./envelopeDocument.js"
import { JsonSchemaEmitter, type JsonObject } from "./JsonSchemaEmitter.js"
import { pruneNever } from "./pruneNever.js"

export const clientId = (version: string) => `urn:agent-desktop:envelope:${version}:client`

const DESCRIPTION =
  "Client schema, for code generators (quicktype, json-schema-to-typescript, ...): one named envelope per command " +
  "that can succeed (`command` constant, `data` that command's named type), and ErrorEnvelope, whose `error` is one " +
  "named body per code. Objects stay open as in the consumer schema; there is no if/then and no `not` (a field that " +
  "must be absent is left out), and no variant for commands this version does not define. Validate with " +
  "envelope.schema.json or envelope.strict.schema.json; generate types from this one."

const isLocalRef = (body: unknown): body is JsonObject =>
  typeof body === "object" && body !== null && !Array.isArray(body) &&
  Object.keys(body).length === 1 && typeof (body as Record<string, unknown>)["$ref"] === "string"

const NEVER = JSON.stringify({ not: {} })

/**
 * The client flavour of a contract version (`schemas/<v>/envelope.client.schema.json`), generated from the same
 * TypeBox sources as the consumer and strict flavours: a `oneOf` of `<Command>Envelope` (one per command that can
 * succeed; fail-closed commands have no success) and `ErrorEnvelope`, whose `error` is a `oneOf` of
 * `<Code>ErrorBody`. No `not`, `if` or forbidden property is left. A data shape several commands share is named once
 * in its source (`clientName`): generators fold equal shapes into one type and would name it after any one command.
 */
export const clientDocument = (contract: ContractDefinition): JsonObject => {
  const emitter = new JsonSchemaEmitter([DEF_KEY, CLIENT_NAME_KEY])
  const version = { const: contract.version }
  const variants: Array<JsonObject> = []
  for (const command of Object.keys(contract.commands).sort()) {
    const body = emitter.emit(contract.commands[command])
    if (JSON.stringify(body) === NEVER) continue
    const data = isLocalRef(body) ? body : emitter.define(dataDefName(command), body)
    variants.push(emitter.define(envelopeDefName(command), {
      type: "object",
      required: ["version", "ok", "command", "data"],
      properties: { version, ok: { const: true }, command: { const: command }, data }
    }))
  }
  const bodies = ERROR_CODES.map((code) => {
    const ref = emitter.emit(ERROR_BODIES_BY_CODE[code])
    if (!isLocalRef(ref) || ref["$ref"] !== `#/$defs/${errorBodyName(code)}`) throw new Error(`${code}: its error body is not named`)
    return ref
  })
  emitter.define("ErrorBody", { oneOf: bodies })
  variants.push(emitter.define("ErrorEnvelope", {
    type: "object",
    required: ["version", "ok", "command", "error"],
    properties: { version, ok: { const: false }, command: { type: "string", minLength: 1 }, error: { $ref: "#/$defs/ErrorBody" } }
  }))
  const defs = pruneNever(emitter.defs(), "#/$defs")
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: clientId(contract.version),
    title: "Envelope",
    description: `agent-desktop JSON envelope, contract ${contract.version}. ${DESCRIPTION}`,
    oneOf: variants,
    $defs: defs
  }
}
