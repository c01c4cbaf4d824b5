type JsonObject = Record<string, unknown>

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value)

const resolve = (document: JsonObject, node: unknown, seen = new Set<string>()): unknown => {
  if (!isObject(node) || typeof node["$ref"] !== "string" || !node["$ref"].startsWith("#/$defs/")) return node
  const name = node["$ref"].slice(8)
  if (seen.has(name)) return node
  seen.add(name)
  return resolve(document, ((document["$defs"] ?? {}) as JsonObject)[name], seen)
}

const types = (schema: JsonObject): Set<string> | undefined => {
  const type = schema["type"]
  if (typeof type === "string") return new Set([type === "integer" ? "integer" : type])
  if (Array.isArray(type)) return new Set(type as Array<string>)
  return undefined
}

const values = (schema: JsonObject): ReadonlyArray<unknown> | undefined =>
  Array.isArray(schema["enum"]) ? schema["enum"] : "const" in schema ? [schema["const"]] : undefined

const variants = (schema: JsonObject): ReadonlyArray<unknown> | undefined =>
  (Array.isArray(schema["anyOf"]) ? schema["anyOf"] : Array.isArray(schema["oneOf"]) ? schema["oneOf"] : undefined) as ReadonlyArray<unknown> | undefined

/**
 * Why a newer schema breaks consumers of an older one (the serializer view: can the older schema read what the
 * newer one allows?), as `<JSON path>: <rule>` lines. Structural and best effort: it names the usual breaks
 * (required -> optional, removed property, type change, new enum values, new key in a closed object) and walks
 * properties, items and same-length unions.
 */
export const explainBreak = (older: JsonObject, newer: JsonObject, olderRoot: unknown, newerRoot: unknown, limit = 5): Array<string> => {
  const reasons: Array<string> = []
  const walk = (a0: unknown, b0: unknown, at: string, depth: number) => {
    if (reasons.length >= limit || depth > 40) return
    const a = resolve(older, a0)
    const b = resolve(newer, b0)
    if (!isObject(a) || !isObject(b)) return
    const path = at === "" ? "/" : at
    const aTypes = types(a)
    const bTypes = types(b)
    if (aTypes !== undefined) {
      if (bTypes === undefined) reasons.push(`${path}: type ${[...aTypes].join("|")} -> unconstrained breaks consumers that rely on the type`)
      else {
        const added = [...bTypes].filter((type) => !aTypes.has(type) && !(type === "integer" && aTypes.has("number")))
        if (added.length > 0) reasons.push(`${path}: type ${[...aTypes].join("|")} -> ${[...bTypes].join("|")} breaks consumers that parse it as ${[...aTypes].join("|")}`)
      }
    }
    const aValues = values(a)
    const bValues = values(b)
    if (aValues !== undefined) {
      const fresh = bValues === undefined ? ["(any value)"] : bValues.filter((value) => !aValues.some((old) => JSON.stringify(old) === JSON.stringify(value)))
      if (fresh.length > 0) reasons.push(`${path}: new value(s) ${fresh.map((value) => JSON.stringify(value)).join(", ")} break consumers that accept only ${aValues.map((value) => JSON.stringify(value)).join(", ")}`)
    }
    const aRequired = new Set((a["required"] as Array<string> | undefined) ?? [])
    const bRequired = new Set((b["required"] as Array<string> | undefined) ?? [])
    const aProps = (a["properties"] ?? {}) as JsonObject
    const bProps = (b["properties"] ?? {}) as JsonObject
    for (const name of aRequired) {
      if (!bRequired.has(name)) {
        reasons.push(`${at}/${name}: ${name in bProps ? "required -> optional" : "required -> removed"} breaks consumers reading it`)
      }
    }
    if (a["additionalProperties"] === false) {
      for (const name of Object.keys(bProps)) {
        if (!(name in aProps)) reasons.push(`${at}/${name}: new key in an object the older schema closes (additionalProperties: false)`)
      }
    }
    for (const [name, schema] of Object.entries(aProps)) {
      if (name in bProps) walk(schema, bProps[name], `${at}/${name}`, depth + 1)
    }
    if (isObject(a["items"]) && isObject(b["items"])) walk(a["items"], b["items"], `${at}/[]`, depth + 1)
    const aVariants = variants(a)
    const bVariants = variants(b)
    if (aVariants !== undefined && bVariants !== undefined && aVariants.length === bVariants.length) {
      aVariants.forEach((variant, index) => walk(variant, bVariants[index], `${at}/(variant ${index})`, depth + 1))
    } else if (aVariants !== undefined && bVariants !== undefined && bVariants.length > aVariants.length) {
      reasons.push(`${path}: ${bVariants.length - aVariants.length} new shape(s) break consumers that know only ${aVariants.length}`)
    }
  }
  walk(olderRoot, newerRoot, "", 0)
  return reasons
}
