import { describe, expect, it } from "vitest"
import { typeLiteral } from "./typeLiteral.js"

describe("typeLiteral", () => {
  it("writes the type `as const` gives a JSON value", () => {
    expect(typeLiteral({ a: "x", "b-c": [1, true, null], d: {}, e: [] })).toBe(
      [
        "{",
        '  readonly "a": "x"',
        '  readonly "b-c": readonly [',
        "    1,",
        "    true,",
        "    null",
        "  ]",
        '  readonly "d": {}',
        '  readonly "e": readonly []',
        "}"
      ].join("\n")
    )
  })

  it("escapes strings as JSON does", () => {
    expect(typeLiteral('say "hi"\n')).toBe('"say \\"hi\\"\\n"')
  })

  it("refuses what is not JSON", () => {
    expect(() => typeLiteral(undefined)).toThrow(TypeError)
  })
})
