import type { ContractDefinition } from "../versions/ContractDefinition.js"
import { closeObjects } from "./closeObjects.js"
import { JsonSchemaEmitter, type JsonObject } from "./JsonSchemaEmitter.js"

export type Flavour = "consumer" | "strict"

export const FLAVOURS: ReadonlyArray<Flavour> = ["consumer", "strict"]

export const envelopeId = (version: string, flavour: Flavour) =>
  `urn:agent-desktop:envelope:${version}${flavour === "strict" ? ":strict" : ""}`

const DESCRIPTIONS: Record<Flavour, string> = {
  consumer:
    "Consumer schema: tolerates unknown keys (new optional fields can appear without a version change) and accepts commands whose data shape is not defined here.",
  strict:
    "Strict schema: every object is closed and the command must be a known one. agent-desktop's own output is tested against it, so a removed field cannot come back unnoticed."
}

/**
 * One self-contained JSON Schema (draft 2020-12) for a contract version. `ok` selects the success or error
 * branch (`data` and `error` are mutually exclusive), and on success `command` selects the `data` schema.
 */
export const envelopeDocument = (contract: ContractDefinition, flavour: Flavour): JsonObject => {
  const emitter = new JsonSchemaEmitter()
  const commands = Object.keys(contract.commands).sort()
  const dataRules = commands.map((command) => ({
    if: { properties: { command: { const: command } }, required: ["command"] },
    then: { properties: { data: emitter.emit(contract.commands[command]) } }
  }))
  const error = emitter.emit(contract.errorBody)
  const document: JsonObject = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: envelopeId(contract.version, flavour),
    title: `agent-desktop JSON envelope, contract ${contract.version}`,
    description: DESCRIPTIONS[flavour],
    type: "object",
    required: ["version", "ok", "command"],
    properties: {
      version: { const: contract.version },
      ok: { type: "boolean" },
      command: { type: "string", minLength: 1 },
      data: {},
      error
    },
    if: { properties: { ok: { const: true } }, required: ["ok"] },
    then: {
      required: ["data"],
      properties: {
        data: {},
        error: false,
        ...(flavour === "strict" ? { command: { enum: commands } } : {})
      },
      allOf: dataRules
    },
    else: { required: ["error"], properties: { error: {}, data: false } },
    $defs: emitter.defs()
  }
  return flavour === "strict" ? closeObjects(document) : document
}
