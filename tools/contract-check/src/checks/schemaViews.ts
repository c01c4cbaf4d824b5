type Json = unknown
type JsonObject = Record<string, Json>

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value)

interface DataRule {
  readonly if: { readonly properties: { readonly command: { readonly const: string } } }
  readonly then: { readonly properties: { readonly data: Json } }
}

/** A node that is only a local `$ref` resolved to its definition (the same object, so edits reach the document). */
export const resolveRef = (envelope: JsonObject, node: Json): Json => {
  if (!isObject(node) || Object.keys(node).length !== 1 || typeof node["$ref"] !== "string") return node
  const ref = node["$ref"]
  if (!ref.startsWith("#/$defs/")) return node
  const defs = (envelope["$defs"] ?? {}) as JsonObject
  return defs[ref.slice(8)] ?? node
}

/** The `data` schema of every command an envelope document defines, keyed by command (its `<Command>Data` body). */
export const dataSchemas = (envelope: JsonObject): Map<string, Json> => {
  const then = envelope["then"] as { allOf?: ReadonlyArray<DataRule> } | undefined
  return new Map(
    (then?.allOf ?? []).map((rule) => [rule.if.properties.command.const, resolveRef(envelope, rule.then.properties.data)])
  )
}

/** The error body schema of an envelope document. */
export const errorSchema = (envelope: JsonObject): Json => (envelope["properties"] as JsonObject)["error"]

const refsIn = (node: Json, found: Set<string>) => {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found)
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith("#/$defs/")) found.add(value.slice(8))
      else refsIn(value, found)
    }
  }
}

/**
 * A standalone schema for one part of an envelope document: the part plus only the `$defs` it reaches. No `$id`
 * (jsoncompat rejects it) and no `version` const, which changes in every release by design.
 */
export const standalone = (envelope: JsonObject, part: Json): JsonObject => {
  const defs = (envelope["$defs"] ?? {}) as JsonObject
  const reached = new Set<string>()
  const pending = [part]
  while (pending.length > 0) {
    const found = new Set<string>()
    refsIn(pending.pop(), found)
    for (const name of found) {
      if (!reached.has(name)) {
        reached.add(name)
        pending.push(defs[name])
      }
    }
  }
  const body = isObject(part) ? part : { allOf: [part] }
  return {
    $schema: envelope["$schema"],
    ...body,
    ...(reached.size > 0 ? { $defs: Object.fromEntries([...reached].sort().map((name) => [name, defs[name]])) } : {})
  }
}
