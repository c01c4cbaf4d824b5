/**
 * A tool's `outputSchema` (`--output-schemas`): the envelopes of its commands in the pinned contract version, cut out
 * of that version's generated consumer schema (their `<Command>Envelope` variants or `ErrorEnvelope`, with only the
 * `$defs` they reach).
 * A whole envelope schema per tool would make `tools/list` megabytes long. `$schema`/`$id` are left out: the
 * document only uses keywords that draft-07 validators (the MCP SDK's default Ajv) read the same way.
 */
import { CONTRACTS, envelopeDefName, envelopeDocument } from "@agent-desktop/contracts"
import type { ContractVersion } from "@agent-desktop/contracts/vocabulary"

type Json = null | boolean | number | string | ReadonlyArray<Json> | { readonly [key: string]: Json }
type JsonObject = { readonly [key: string]: Json }

const documents = new Map<ContractVersion, JsonObject>()

const documentOf = (version: ContractVersion): JsonObject => {
  let document = documents.get(version)
  if (document === undefined) {
    document = envelopeDocument(CONTRACTS[version], "consumer") as JsonObject
    documents.set(version, document)
  }
  return document
}

/** Every `#/$defs/NAME` reachable from `root`. */
const reachableDefs = (root: Json, defs: JsonObject): Record<string, Json> => {
  const out: Record<string, Json> = {}
  const visit = (node: Json): void => {
    if (Array.isArray(node)) return node.forEach(visit)
    if (node === null || typeof node !== "object") return
    const object = node as JsonObject
    const ref = object["$ref"]
    if (typeof ref === "string" && ref.startsWith("#/$defs/")) {
      const name = ref.slice("#/$defs/".length)
      if (!(name in out) && defs[name] !== undefined) {
        out[name] = defs[name]!
        visit(defs[name]!)
      }
    }
    for (const value of Object.values(object)) visit(value)
  }
  visit(root)
  return out
}

/** `undefined` when a command of the tool has no data schema in this version (the tool's results stay untyped). */
export const outputSchemaFor = (commands: ReadonlyArray<string>, version: ContractVersion): JsonObject | undefined => {
  const document = documentOf(version)
  const defs = (document["$defs"] ?? {}) as JsonObject
  const successes = commands.map(envelopeDefName)
  if (successes.some((name) => defs[name] === undefined)) return undefined
  const root: JsonObject = {
    type: "object",
    oneOf: [...successes.map((name) => ({ $ref: `#/$defs/${name}` })), { $ref: "#/$defs/ErrorEnvelope" }]
  }
  return { ...root, $defs: reachableDefs(root, defs) }
}
