import { DEF_KEY } from "../schema/def.js"

type Json = null | boolean | number | string | ReadonlyArray<Json> | { readonly [key: string]: Json }
export type JsonObject = { [key: string]: Json }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const localRef = (name: string) => ({ $ref: `#/$defs/${name}` })

/**
 * Turns TypeBox schemas into plain JSON Schema that lives in one self-contained document: schemas marked with
 * `def(name)` and TypeBox Cyclic definitions are written once under `$defs` and referenced as `#/$defs/<name>`.
 * TypeBox's own `~` keys are dropped.
 */
export class JsonSchemaEmitter {
  readonly #defs = new Map<string, Json>()
  readonly #nameKeys: ReadonlyArray<string>

  /** `nameKeys`: the marker keys that name a definition, in order of precedence (the client flavour adds its own). */
  constructor(nameKeys: ReadonlyArray<string> = [DEF_KEY]) {
    this.#nameKeys = nameKeys
  }

  emit(schema: unknown): Json {
    return this.#walk(schema)
  }

  /** The collected definitions, sorted by name so the output is stable. */
  defs(): JsonObject {
    return Object.fromEntries([...this.#defs.entries()].sort(([a], [b]) => a.localeCompare(b)))
  }

  /** Writes a named definition (once); the caller refers to it as `#/$defs/<name>`. */
  define(name: string, body: Json): JsonObject {
    this.#register(name, body)
    return localRef(name)
  }

  has(name: string): boolean {
    return this.#defs.has(name)
  }

  #register(name: string, body: Json) {
    const existing = this.#defs.get(name)
    if (existing !== undefined && JSON.stringify(existing) !== JSON.stringify(body)) {
      throw new Error(`Two different schemas are named ${name} in one document`)
    }
    this.#defs.set(name, body)
  }

  #walk(node: unknown): Json {
    if (Array.isArray(node)) return node.map((item) => this.#walk(item))
    if (!isRecord(node)) return node as Json
    const name = this.#nameKeys.map((key) => node[key]).find((value) => typeof value === "string")
    if (typeof name === "string") {
      this.#register(name, this.#copy(node, this.#nameKeys))
      return localRef(name)
    }
    const cyclicDefs = node["$defs"]
    const cyclicRef = node["$ref"]
    if (isRecord(cyclicDefs) && typeof cyclicRef === "string" && !cyclicRef.startsWith("#")) {
      for (const [defName, body] of Object.entries(cyclicDefs)) {
        this.#register(defName, this.#walk(isRecord(body) ? omit(body, ["$id"]) : body))
      }
      return localRef(cyclicRef)
    }
    if (typeof cyclicRef === "string" && !cyclicRef.startsWith("#")) return localRef(cyclicRef)
    return this.#copy(node, [])
  }

  #copy(node: Record<string, unknown>, skip: ReadonlyArray<string>): Json {
    const out: JsonObject = {}
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith("~") || skip.includes(key)) continue
      out[key] = this.#walk(value)
    }
    return out
  }
}

const omit = (record: Record<string, unknown>, keys: ReadonlyArray<string>) =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)))
