import Type from "typebox"
import { describe, expect, it } from "vitest"
import { def } from "../schema/def.js"
import { closeObjects } from "./closeObjects.js"
import { JsonSchemaEmitter } from "./JsonSchemaEmitter.js"

describe("JsonSchemaEmitter", () => {
  it("writes a named schema once under $defs and refers to it everywhere", () => {
    const Point = Type.Object({ x: Type.Number() }, def("Point"))
    const emitter = new JsonSchemaEmitter()
    const body = emitter.emit(Type.Object({ a: Point, b: Type.Optional(Type.Array(Point)) }))
    expect(body).toEqual({
      type: "object",
      required: ["a"],
      properties: { a: { $ref: "#/$defs/Point" }, b: { type: "array", items: { $ref: "#/$defs/Point" } } }
    })
    expect(emitter.defs()).toEqual({ Point: { type: "object", required: ["x"], properties: { x: { type: "number" } } } })
  })

  it("hoists a TypeBox Cyclic into $defs with document-local refs", () => {
    const Node = Type.Cyclic({ Node: Type.Object({ children: Type.Optional(Type.Array(Type.Ref("Node"))) }) }, "Node")
    const emitter = new JsonSchemaEmitter()
    expect(emitter.emit(Node)).toEqual({ $ref: "#/$defs/Node" })
    expect(emitter.defs()).toEqual({
      Node: { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/Node" } } } }
    })
  })

  it("refuses two different schemas under one name", () => {
    const emitter = new JsonSchemaEmitter()
    emitter.emit(Type.String(def("Name")))
    expect(() => emitter.emit(Type.Number(def("Name")))).toThrow(/Two different schemas are named Name/)
  })
})

describe("closeObjects", () => {
  it("closes every object that does not state its openness, at any depth", () => {
    const closed = closeObjects({
      type: "object",
      properties: { inner: { type: "object", properties: {} }, open: { type: "object", additionalProperties: true } },
      $defs: { D: { anyOf: [{ type: "object", properties: {} }] } }
    })
    expect(closed).toEqual({
      type: "object",
      additionalProperties: false,
      properties: {
        inner: { type: "object", properties: {}, additionalProperties: false },
        open: { type: "object", additionalProperties: true }
      },
      $defs: { D: { anyOf: [{ type: "object", properties: {}, additionalProperties: false }] } }
    })
  })
})
