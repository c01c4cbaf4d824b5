import type { TSchema } from "typebox"
import { CONTRACTS } from "../versions/index.js"
import { commandManifest, renderManifestModule } from "./commandManifest.js"
import { CONTRACT_VERSIONS } from "../vocabulary/ContractVersion.js"
import { WAVE_SCHEMA_VERSION, WaveSchemas } from "../wave/index.js"
import { clientDocument } from "./clientDocument.js"
import { envelopeDocument, FLAVOURS } from "./envelopeDocument.js"
import { JsonSchemaEmitter } from "./JsonSchemaEmitter.js"

const render = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`

const FILE_NAMES = { consumer: "envelope.schema.json", strict: "envelope.strict.schema.json" } as const
export const CLIENT_FILE_NAME = "envelope.client.schema.json"

/**
 * A standalone schema document for one of wave's TypeBox schemas, `$id` `urn:agent-desktop:wave:<schema_version>:<name>`.
 * A union of titled variants (stream-event, result) becomes a `oneOf` of named `$defs` (one per type/subtype), so
 * generators give each event its own type.
 */
export const waveDocument = (name: string, schema: TSchema) => {
  const emitter = new JsonSchemaEmitter()
  const members = (schema as { anyOf?: ReadonlyArray<{ title?: unknown }> }).anyOf
  const named = Array.isArray(members) && members.every((member) => typeof member.title === "string")
  const body = named
    ? {
      ...(typeof (schema as { title?: unknown }).title === "string" ? { title: (schema as { title: string }).title } : {}),
      oneOf: members.map((member) => emitter.define(member.title as string, emitter.emit(member)))
    }
    : emitter.emit(schema)
  const defs = emitter.defs()
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: `urn:agent-desktop:wave:${WAVE_SCHEMA_VERSION}:${name}`,
    ...(typeof body === "object" && body !== null && !Array.isArray(body) ? body : { allOf: [body] }),
    ...(Object.keys(defs).length > 0 ? { $defs: defs } : {})
  }
}

/**
 * Every generated file, keyed by its path relative to the contracts package: per version the consumer and strict
 * envelope schemas, the client schema for code generators and the machine-readable change list, the command manifest (JSON and an import-free TS module),
 * plus one file per wave schema.
 */
export const generatedFiles = (waveSchemas: Readonly<Record<string, TSchema>> = WaveSchemas): Map<string, string> => {
  const files = new Map<string, string>()
  for (const version of CONTRACT_VERSIONS) {
    const contract = CONTRACTS[version]
    for (const flavour of FLAVOURS) {
      files.set(`schemas/${version}/${FILE_NAMES[flavour]}`, render(envelopeDocument(contract, flavour)))
    }
    files.set(`schemas/${version}/${CLIENT_FILE_NAME}`, render(clientDocument(contract)))
    files.set(`schemas/${version}/changes.json`, render({ version, changes: contract.changes }))
  }
  const manifest = commandManifest()
  files.set("schemas/commands.json", render(manifest))
  files.set("src/manifest/commands.generated.ts", renderManifestModule(manifest))
  for (const [name, schema] of Object.entries(waveSchemas)) {
    files.set(`schemas/wave/${name}.schema.json`, render(waveDocument(name, schema)))
  }
  return files
}
