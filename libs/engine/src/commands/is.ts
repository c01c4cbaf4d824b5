import type { CommandData } from "@agent-desktop/contracts"
import type { ObservedNode } from "@agent-desktop/platform"
import { Effect } from "effect"
import { optionalInt, requiredString, specChoice, type Args } from "../Args.js"
import { resolveRef } from "../resolve/resolveRef.js"
import { DEFAULT_ACTION_TIMEOUT_MS } from "./actionTimeout.js"

const CHECKABLE = new Set(["checkbox", "radiobutton", "switch", "menuitem", "button", "cell", "treeitem"])

type Property = CommandData<"is">["property"]

const readProperty = specChoice<Property>("is", "property", "visible")

const test = (node: ObservedNode, property: Property): { result: boolean; applicable: boolean } => {
  const has = (state: string) => node.states.includes(state)
  switch (property) {
    case "enabled":
      return { result: !has("disabled"), applicable: true }
    case "checked":
      return { result: has("checked"), applicable: CHECKABLE.has(node.role) || node.actions.includes("Toggle") }
    case "focused":
      return { result: has("focused"), applicable: true }
    case "expanded":
      return {
        result: has("expanded"),
        applicable: has("expanded") || node.actions.includes("Expand") || node.actions.includes("Collapse")
      }
    case "visible":
      return { result: !has("hidden") && !has("offscreen"), applicable: true }
  }
}

/**
 * `is REF --property visible|enabled|checked|focused|expanded`: a yes/no about a resolved ref; a read, so a true twin
 * is taken at its unchanged place (resolveRef `forRead`).
 */
export const is = Effect.fn("is")(function*(args: Args) {
  const ref = yield* requiredString(args, "ref_id")
  const property = yield* readProperty(args)
  const timeoutMs = (yield* optionalInt(args, "timeout_ms")) ?? DEFAULT_ACTION_TIMEOUT_MS
  const resolved = yield* resolveRef(ref, { timeoutMs, forRead: true })
  return { property, ref, ...test(resolved.node, property) }
})
