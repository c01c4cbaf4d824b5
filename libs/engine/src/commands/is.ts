import type { CommandData } from "@agent-desktop/contracts"
import type { ArgsOf } from "@agent-desktop/contracts/commands"
import type { ObservedNode } from "@agent-desktop/platform"
import { Effect } from "effect"
import { resolveRef } from "../resolve/resolveRef.js"

const CHECKABLE = new Set(["checkbox", "radiobutton", "switch", "menuitem", "button", "cell", "treeitem"])

type Property = CommandData<"is">["property"]

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

/** `is REF --property visible|enabled|checked|focused|expanded`: a yes/no about a strictly resolved ref. */
export const is = Effect.fn("is")(function*(args: ArgsOf<"is">) {
  const { ref_id: ref, property } = args
  const resolved = yield* resolveRef(ref, { timeoutMs: args.timeout_ms })
  return { property, ref, ...test(resolved.node, property) }
})
