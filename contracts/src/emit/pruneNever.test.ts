import { describe, expect, it } from "vitest"
import { pruneNever } from "./pruneNever.js"

describe("pruneNever", () => {
  it("leaves out a property that must be absent, and its required entry", () => {
    expect(pruneNever({
      type: "object",
      required: ["a", "gone"],
      properties: { a: { type: "string" }, gone: { not: {} }, nested: { type: "object", properties: { also: { not: {} } } } }
    }, "#")).toEqual({
      type: "object",
      required: ["a"],
      properties: { a: { type: "string" }, nested: { type: "object", properties: {} } }
    })
  })

  it("keeps a required name that has no property schema", () => {
    expect(pruneNever({ required: ["x"] }, "#")).toEqual({ required: ["x"] })
  })

  it("drops never members of a union", () => {
    expect(pruneNever({ anyOf: [{ type: "string" }, { not: {} }] }, "#")).toEqual({ anyOf: [{ type: "string" }] })
  })

  it("refuses any other negative rule, naming its path", () => {
    expect(() => pruneNever({ properties: { a: { not: { const: 1 } } } }, "#/$defs/X")).toThrow("#/$defs/X/properties/a/not")
  })
})
