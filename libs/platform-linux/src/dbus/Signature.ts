/** D-Bus type signatures parsed into trees ("a(so)" -> array of struct of string, object path). */
export interface TypeNode {
  readonly code: string
  readonly children: ReadonlyArray<TypeNode>
}

const cache = new Map<string, ReadonlyArray<TypeNode>>()

export const parseSignature = (signature: string): ReadonlyArray<TypeNode> => {
  const known = cache.get(signature)
  if (known) return known
  let index = 0
  const one = (): TypeNode => {
    const code = signature[index++]
    if (code === undefined) throw new Error(`truncated signature: ${signature}`)
    if (code === "a") return { code, children: [one()] }
    if (code === "(" || code === "{") {
      const close = code === "(" ? ")" : "}"
      const children: Array<TypeNode> = []
      while (signature[index] !== close) {
        if (index >= signature.length) throw new Error(`unclosed ${code} in signature: ${signature}`)
        children.push(one())
      }
      index++
      return { code, children }
    }
    if (!"ybnqiuxtdsogvh".includes(code)) throw new Error(`unknown type '${code}' in signature: ${signature}`)
    return { code, children: [] }
  }
  const nodes: Array<TypeNode> = []
  while (index < signature.length) nodes.push(one())
  cache.set(signature, nodes)
  return nodes
}

export const alignmentOf = (code: string): number => {
  switch (code) {
    case "y":
    case "g":
    case "v":
      return 1
    case "n":
    case "q":
      return 2
    case "x":
    case "t":
    case "d":
    case "(":
    case "{":
      return 8
    default:
      return 4
  }
}
