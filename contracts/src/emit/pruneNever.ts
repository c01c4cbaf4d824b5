const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const isNever = (value: unknown) => isObject(value) && Object.keys(value).length === 1 && isObject(value["not"]) && Object.keys(value["not"]).length === 0

/**
 * For generators, which read `not` as "anything" (or fail on it): a property whose schema is `{ not: {} }` (it must
 * be absent, TypeBox's optional `Never`) is left out of `properties`, and a never member of a union is dropped. Any
 * other `not` is an error naming its path, so a new negative rule cannot slip into the client flavour unnoticed.
 */
export const pruneNever = <T>(node: T, at: string): T => {
  if (Array.isArray(node)) return node.map((item, index) => pruneNever(item, `${at}/${index}`)) as T
  if (!isObject(node)) return node
  const out: Record<string, unknown> = {}
  const pruned = new Set<string>()
  for (const [key, value] of Object.entries(node)) {
    if (key === "not") throw new Error(`${at}/not: the client flavour has no negative rules; express this one without \`not\``)
    if (key === "properties" && isObject(value)) {
      const kept = Object.entries(value).filter(([name, property]) => !(isNever(property) && pruned.add(name)))
      out[key] = Object.fromEntries(kept.map(([name, property]) => [name, pruneNever(property, `${at}/properties/${name}`)]))
      continue
    }
    if ((key === "anyOf" || key === "oneOf") && Array.isArray(value)) {
      out[key] = value.filter((member) => !isNever(member)).map((member, index) => pruneNever(member, `${at}/${key}/${index}`))
      continue
    }
    out[key] = pruneNever(value, `${at}/${key}`)
  }
  if (Array.isArray(out["required"])) out["required"] = (out["required"] as Array<unknown>).filter((name) => !pruned.has(name as string))
  return out as T
}
