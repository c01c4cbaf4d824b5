import type { ObservedNode } from "@agent-desktop/platform"

/** Whether a node says anything of its own: a name, a value or a description. */
export const hasPayload = (node: ObservedNode): boolean =>
  node.name !== undefined && node.name !== "" || node.value !== undefined && node.value !== "" ||
  node.description !== undefined && node.description !== ""
