const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const escape = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1")

/** JSON Pointers where two documents differ (the deepest differing nodes, at most `limit`). */
export const jsonDiff = (before: unknown, after: unknown, limit = 5, at = ""): Array<string> => {
  const found: Array<string> = []
  const walk = (a: unknown, b: unknown, pointer: string) => {
    if (found.length >= limit) return
    if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length !== b.length) {
        found.push(`${pointer || "/"} (${a.length} -> ${b.length} items)`)
        return
      }
      a.forEach((item, index) => walk(item, b[index], `${pointer}/${index}`))
      return
    }
    if (isObject(a) && isObject(b)) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
        if (!(key in b)) found.push(`${pointer}/${escape(key)} (removed)`)
        else if (!(key in a)) found.push(`${pointer}/${escape(key)} (added)`)
        else walk(a[key], b[key], `${pointer}/${escape(key)}`)
        if (found.length >= limit) return
      }
      return
    }
    if (JSON.stringify(a) !== JSON.stringify(b)) found.push(`${pointer || "/"} (${JSON.stringify(a)} -> ${JSON.stringify(b)})`.slice(0, 300))
  }
  walk(before, after, at)
  return found
}
