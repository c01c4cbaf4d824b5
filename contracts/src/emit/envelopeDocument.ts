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

/** `list-apps` -> `ListApps`: the prefix of a command's named types (`ListAppsData`, `ListAppsEnvelope`). */
export const pascalName = (command: string) =>
  command.split("-").map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join("")

export const dataDefName = (command: string) => `${pascalName(command)}Data`
export const envelopeDefName = (command: string) => `${pascalName(command)}Envelope`

const isRefTo = (body: unknown, name: string) =>
  typeof body === "object" && body !== null && !Array.isArray(body) &&
  Object.keys(body).length === 1 && (body as Record<string, unknown>)["$ref"] === `#/$defs/${name}`

/**
 * One self-contained JSON Schema (draft 2020-12) for a contract version, validated two equivalent ways:
 * - `oneOf` of named variants for generators: one `<Command>Envelope` per command (`ok: true`, `command` const,
 *   `data` -> `#/$defs/<Command>Data`), `ErrorEnvelope`, and in the consumer flavour `UnknownCommandEnvelope`
 *   (a success of a command this version does not define);
 * - the `if`/`then` rules: `ok` selects the success or error branch (`data` and `error` exclusive), and on success
 *   `command` selects the `data` schema.
 * contract-check proves both agree on every fixture.
 */
export const envelopeDocument = (contract: ContractDefinition, flavour: Flavour): JsonObject => {
  const emitter = new JsonSchemaEmitter()
  const commands = Object.keys(contract.commands).sort()
  const dataRefs = new Map<string, JsonObject>()
  for (const command of commands) {
    const name = dataDefName(command)
    const body = emitter.emit(contract.commands[command])
    dataRefs.set(command, isRefTo(body, name) ? { $ref: `#/$defs/${name}` } : emitter.define(name, body))
  }
  const dataRules = commands.map((command) => ({
    if: { properties: { command: { const: command } }, required: ["command"] },
    then: { properties: { data: dataRefs.get(command)! } }
  }))
  const error = emitter.emit(contract.errorBody)
  const version = { const: contract.version }
  const variants: Array<JsonObject> = commands.map((command) =>
    emitter.define(envelopeDefName(command), {
      type: "object",
      required: ["version", "ok", "command", "data"],
      properties: { version, ok: { const: true }, command: { const: command }, data: dataRefs.get(command)! },
      not: { properties: { error: {} }, required: ["error"] }
    })
  )
  if (flavour === "consumer") {
    variants.push(emitter.define("UnknownCommandEnvelope", {
      type: "object",
      description: "A success of a command this contract version does not define; its data is not described here.",
      required: ["version", "ok", "command", "data"],
      properties: {
        version,
        ok: { const: true },
        command: { type: "string", minLength: 1, not: { enum: commands } },
        data: {}
      },
      not: { properties: { error: {} }, required: ["error"] }
    }))
  }
  variants.push(emitter.define("ErrorEnvelope", {
    type: "object",
    required: ["version", "ok", "command", "error"],
    properties: { version, ok: { const: false }, command: { type: "string", minLength: 1 }, error },
    not: { properties: { data: {} }, required: ["data"] }
  }))
  const document: JsonObject = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: envelopeId(contract.version, flavour),
    title: `agent-desktop JSON envelope, contract ${contract.version}`,
    description: DESCRIPTIONS[flavour],
    type: "object",
    required: ["version", "ok", "command"],
    properties: {
      version,
      ok: { type: "boolean" },
      command: { type: "string", minLength: 1 },
      data: {},
      error
    },
    oneOf: variants,
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
