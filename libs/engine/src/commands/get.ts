import type { CommandData } from "@agent-desktop/contracts"
import type { ObservedNode } from "@agent-desktop/platform"
import { Effect } from "effect"
import { optionalInt, requiredString, specChoice, type Args } from "../Args.js"
import { resolveRef } from "../resolve/resolveRef.js"
import { DEFAULT_ACTION_TIMEOUT_MS } from "./actionTimeout.js"

type Property = CommandData<"get">["property"]

const readProperty = specChoice<Property>("get", "property", "text")

const read = (node: ObservedNode, property: Property): unknown => {
  switch (property) {
    case "value":
      return node.value ?? null
    case "title":
      return node.name ?? null
    case "bounds":
      return node.bounds ?? null
    case "role":
      return node.role
    case "states":
      return node.states
    case "text":
      return node.value ?? node.name ?? node.description ?? null
  }
}

/**
 * `get REF --property text|value|title|bounds|role|states`: one live property of a resolved ref. A read needs no unique
 * identity: a true twin is read at its unchanged place (resolveRef `forRead`).
 */
export const get = Effect.fn("get")(function*(args: Args) {
  const ref = yield* requiredString(args, "ref_id")
  const property = yield* readProperty(args)
  const timeoutMs = (yield* optionalInt(args, "timeout_ms")) ?? DEFAULT_ACTION_TIMEOUT_MS
  const resolved = yield* resolveRef(ref, { timeoutMs, forRead: true })
  return { property, ref, value: read(resolved.node, property) }
})
