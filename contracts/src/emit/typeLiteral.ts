/**
 * The TypeScript type that `value as const` would have, written out: string, number and boolean literals, `null`,
 * readonly tuples and objects with readonly properties. Generated modules use it to keep a JSON value's exact type
 * while building the value at run time with `JSON.parse` (see commandManifest.ts).
 */
export const typeLiteral = (value: unknown, indent = ""): string => {
  if (value === null) return "null"
  if (typeof value === "string") return JSON.stringify(value)
  if (typeof value === "number" || typeof value === "boolean") return String(value)
  const inner = `${indent}  `
  if (Array.isArray(value)) {
    if (value.length === 0) return "readonly []"
    return `readonly [\n${value.map((item) => `${inner}${typeLiteral(item, inner)}`).join(",\n")}\n${indent}]`
  }
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
    if (entries.length === 0) return "{}"
    return `{\n${entries.map(([key, item]) => `${inner}readonly ${JSON.stringify(key)}: ${typeLiteral(item, inner)}`).join("\n")}\n${indent}}`
  }
  throw new TypeError(`typeLiteral: ${typeof value} is not JSON`)
}
