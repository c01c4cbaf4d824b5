import type { JsonObject } from "./JsonSchemaEmitter.js"

const OPENNESS_KEYWORDS = ["additionalProperties", "patternProperties", "unevaluatedProperties"]

/**
 * The strict flavour: every object schema that does not state its openness gets `additionalProperties: false`.
 * Bags the contract leaves open on purpose (error details, after_action, unconfirmed shapes) say
 * `additionalProperties: true` in their source and stay open.
 */
export const closeObjects = <T>(node: T): T => {
  if (Array.isArray(node)) return node.map(closeObjects) as T
  if (typeof node !== "object" || node === null) return node
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(node)) out[key] = closeObjects(value)
  if (out["type"] === "object" && !OPENNESS_KEYWORDS.some((keyword) => keyword in out)) {
    out["additionalProperties"] = false
  }
  return out as T
}
