import type { CommandData } from "@agent-desktop/contracts"
import type { ArgsOf } from "@agent-desktop/contracts/commands"
import type { ObservedNode } from "@agent-desktop/platform"
import { Effect } from "effect"
import { resolveRef } from "../resolve/resolveRef.js"

type Property = CommandData<"get">["property"]

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

/** `get REF --property text|value|title|bounds|role|states`: one live property of a strictly resolved ref. */
export const get = Effect.fn("get")(function*(args: ArgsOf<"get">) {
  const { ref_id: ref, property } = args
  const resolved = yield* resolveRef(ref, { timeoutMs: args.timeout_ms })
  return { property, ref, value: read(resolved.node, property) }
})
