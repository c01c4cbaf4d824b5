/**
 * The snapshot's marker on true twins (domain's captureIdentities: another element has the same fields, kind and
 * place below a look-alike named ancestor). Such a ref can be read (`get`, `is`, `--root` take it at its place) but
 * no action can prove it reaches this element, so its node says so, in its `hint`, with the way that does work: a
 * pointer click at its centre, or the nearest container whose ref is usable.
 */
import type { ObservedNode } from "@agent-desktop/platform"
import type { OutputNode } from "./renderTree.js"

export interface TwinMark {
  readonly node: ObservedNode
  readonly ref: string
}

/** The hint for one twin; `container` is the nearest ancestor ref that was proven unique, if any. */
export const twinHint = (node: ObservedNode, container: string | undefined): string => {
  const ways: Array<string> = []
  if (node.bounds !== undefined && node.bounds.width > 0 && node.bounds.height > 0) {
    const x = Math.round(node.bounds.x + node.bounds.width / 2)
    const y = Math.round(node.bounds.y + node.bounds.height / 2)
    ways.push(`--headed mouse-click --xy ${x},${y} (its centre)`)
  }
  if (container !== undefined) ways.push(`its container ${container}`)
  const instead = ways.length === 0 ? "take it through its window (keys, or a fresh snapshot once it differs)" : ways.join(", or ")
  return `twin: another element has the same role, fields and place below a look-alike ancestor, so actions on this ref are refused (identity_not_unique); use ${instead}`
}

/**
 * Adds each twin's hint to its printed node (after a page hint, if it has one). `uniqueRefs` maps the nodes whose
 * refs were proven unique to those refs; a twin's container is the nearest of its ancestors among them.
 */
export const markTwins = (
  tree: OutputNode,
  root: ObservedNode,
  twins: ReadonlyArray<TwinMark>,
  uniqueRefs: ReadonlyMap<ObservedNode, string>
): void => {
  if (twins.length === 0) return
  const hints = new Map<string, string>()
  for (const twin of twins) hints.set(twin.ref, twinHint(twin.node, nearestContainer(root, twin.node, uniqueRefs)))
  const visit = (out: OutputNode): void => {
    const hint = out.ref_id === undefined ? undefined : hints.get(out.ref_id)
    if (hint !== undefined) {
      const draft = out as { hint?: string }
      draft.hint = draft.hint === undefined ? hint : `${draft.hint}; ${hint}`
    }
    for (const child of out.children ?? []) visit(child)
  }
  visit(tree)
}

/** The nearest ancestor of `node` (below the rendered root, or the root itself) whose ref is usable. */
const nearestContainer = (root: ObservedNode, node: ObservedNode, uniqueRefs: ReadonlyMap<ObservedNode, string>): string | undefined => {
  const offset = root.path.length
  let current: ObservedNode | undefined = root
  let found = uniqueRefs.get(root)
  for (let depth = offset; depth < node.path.length - 1 && current !== undefined; depth++) {
    const index: number = node.path[depth]!
    const children: ReadonlyArray<ObservedNode> = current.children ?? []
    const guess: ObservedNode | undefined = children[index]
    current = guess !== undefined && guess.path[depth] === index ? guess : children.find((child) => child.path[depth] === index)
    const ref = current === undefined ? undefined : uniqueRefs.get(current)
    if (ref !== undefined) found = ref
  }
  return found
}
