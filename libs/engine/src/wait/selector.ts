import type { WaitSelector } from "@agent-desktop/domain"
import type { ObservedNode } from "@agent-desktop/platform"

/** First node (depth-first) that carries the selector's role and, if given, contains its text. */
export const findSelector = (root: ObservedNode, selector: WaitSelector): ObservedNode | undefined => {
  const text = selector.text?.toLowerCase()
  const stack: Array<ObservedNode> = [root]
  while (stack.length > 0) {
    const node = stack.shift()!
    const roleOk = selector.role === undefined || node.role === selector.role
    const textOk = text === undefined || [node.name, node.value, node.description].some((field) => field?.toLowerCase().includes(text))
    if (roleOk && textOk) return node
    stack.unshift(...(node.children ?? []))
  }
  return undefined
}
