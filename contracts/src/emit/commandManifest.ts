import { COMMAND_SPECS, type CommandSpec, type FlagSpec, type FlagSyntax, GLOBAL_FLAGS } from "../commands/index.js"
import { JsonSchemaEmitter, type JsonObject } from "./JsonSchemaEmitter.js"
import { typeLiteral } from "./typeLiteral.js"

const plain = (schema: unknown): JsonObject => new JsonSchemaEmitter().emit(schema) as JsonObject

const syntaxOf = (spec: FlagSpec): FlagSyntax => {
  if (spec.syntax !== undefined) return spec.syntax
  const type = (spec.schema as { type?: unknown }).type
  return type === "boolean" ? "switch" : type === "array" ? "list" : "value"
}

const flagEntry = (spec: FlagSpec): JsonObject => ({
  ...(spec.short === undefined ? {} : { short: spec.short }),
  syntax: syntaxOf(spec),
  schema: plain(spec.schema)
})

const flags = (record: Readonly<Record<string, FlagSpec>>): JsonObject =>
  Object.fromEntries(Object.entries(record).map(([name, spec]) => [name, flagEntry(spec)]))

const commandEntry = (spec: CommandSpec): JsonObject => ({
  summary: spec.summary,
  description: spec.description ?? `${spec.summary}.`,
  category: spec.category,
  headed: spec.headed,
  support: { ...spec.support },
  ...(spec.refusal === undefined ? {} : { refusal: { ...spec.refusal } }),
  positionals: spec.positionals.map((positional) => ({
    key: positional.key,
    required: positional.required,
    ...(positional.allowDash === true ? { allowDash: true } : {}),
    schema: plain(positional.schema)
  })),
  flags: flags(spec.flags),
  ...(spec.subActions === undefined ? {} : { subActions: [...spec.subActions] }),
  ...(spec.waitFor === true ? { waitFor: true } : {}),
  ...(spec.agentTool === true ? { agentTool: true } : {}),
  ...(spec.stateful === true ? { stateful: true } : {}),
  ...(spec.needsEnabled === true ? { needsEnabled: true } : {}),
  ...(spec.savesSnapshot === true ? { savesSnapshot: true } : {}),
  ...(spec.readOnly === true ? { readOnly: true } : {}),
  ...(spec.unconfirmed === true ? { unconfirmed: true } : {}),
  ...(spec.operationReport === undefined
    ? {}
    : {
      operationReport: {
        target: spec.operationReport.target,
        flags: [...spec.operationReport.flags],
        echoed: [...spec.operationReport.echoed]
      }
    }),
  dataVersions: Object.keys(spec.data)
})

/**
 * The command spec without its TypeBox data schemas, as plain JSON: what the CLI parser, help, wave's tools and
 * other-language consumers read. Generated to `src/manifest/commands.generated.ts` (import-free, literal types)
 * and `schemas/commands.json`.
 */
export const commandManifest = (): JsonObject => ({
  globalFlags: flags(GLOBAL_FLAGS),
  commands: Object.fromEntries(
    (Object.values(COMMAND_SPECS) as ReadonlyArray<CommandSpec>).map((spec) => [spec.name, commandEntry(spec)])
  )
})

/**
 * The manifest as an import-free module. The value is parsed from a JSON string at run time: V8 parses JSON several
 * times faster than an object literal of this size (~60 KB), and the CLI loads it on every call. Its exact type
 * (what `as const` would give) is written out beside it, so nothing downstream loses a literal type.
 */
export const renderManifestModule = (manifest: JsonObject): string =>
  [
    "// GENERATED from src/commands/ by `npm run generate` (contracts). Do not edit: change the command spec.",
    "// Import-free on purpose: the CLI parser and wave read it without loading TypeBox. The value is parsed from JSON",
    "// (faster to load than an object literal of this size); CommandManifest is its exact type. Marked pure, so a",
    "// bundle that imports the vocabulary without using the manifest (the CLI's warm-host client) leaves it out.",
    `export type CommandManifest = ${typeLiteral(manifest)}`,
    "",
    `export const COMMAND_MANIFEST: CommandManifest = /* @__PURE__ */ JSON.parse(${JSON.stringify(JSON.stringify(manifest))})`,
    ""
  ].join("\n")
