import { captureIdentities, formatRef, getsRef, identifierOf, refEntryFor, refKey, valueIsIdentity, type RefEntry, type RefNode } from "@agent-desktop/domain"
import type { ObservedNode, TreeObservation, WindowInfo } from "@agent-desktop/platform"
import { renderTree, type OutputRoot, type RenderOptions } from "./renderTree.js"

export interface CaptureInput {
  readonly snapshotId: string
  /** The read whose subtree is rendered (the window, or a drill-down root). */
  readonly observation: TreeObservation
  /** The whole-window read that proves identities; the observation itself unless drilling down. */
  readonly windowRoot: ObservedNode
  readonly windowComplete: boolean
  readonly render: RenderOptions
  /** Refs continue from here (a drill-down continues the snapshot's counter). */
  readonly startCounter: number
  /** A drill-down's root, `@eN` (set on the new entries as root_ref). */
  readonly rootRef?: string
  /** The drill-down root's own ref: printed on the root again (not a second entry) when the root earns one. */
  readonly rootRefId?: string
}

export interface Captured {
  readonly tree: OutputRoot
  readonly refs: Readonly<Record<string, RefEntry>>
  readonly counter: number
  readonly identityUnproven: boolean
  /** The ref each rendered node received (find reports matches by node). */
  readonly refByNode: ReadonlyMap<ObservedNode, string>
}

/**
 * What the RefMap keeps of a node: its identity, not its content. The value of a field, a document or a cell is
 * user content that never proves identity (valueIsIdentity); a text editor's 1.3 MB document once pushed a
 * 293-ref RefMap past the store's 1 MiB limit. Such values are left out of the RefMap (the envelope still shows
 * them). So is a native id that is only an address (an AT-SPI object path: it proves nothing, StableIdentity.ts,
 * and the handle already holds it): ~70 of a GTK ref's ~160 stored bytes.
 */
export const identityFields = (node: ObservedNode): RefNode => {
  const content = node.value !== undefined && !valueIsIdentity(node.role)
  const address = node.nativeId !== undefined && identifierOf(node.nativeId) === undefined
  if (!content && !address) return node
  // What refEntryFor reads, without the left-out fields (assigned, not spread: ~3,600 of these on a big page).
  const kept: { -readonly [K in keyof RefNode]: RefNode[K] } = {
    role: node.role,
    states: node.states,
    actions: node.actions,
    path: node.path,
    childCount: node.childCount,
    handle: node.handle
  }
  if (node.name !== undefined) kept.name = node.name
  if (!content && node.value !== undefined) kept.value = node.value
  if (node.description !== undefined) kept.description = node.description
  if (!address && node.nativeId !== undefined) kept.nativeId = node.nativeId
  if (node.bounds !== undefined) kept.bounds = node.bounds
  return kept
}

export const sourceOf = (window: WindowInfo, rootRef?: string) => ({
  pid: window.pid,
  ...(window.process_instance === undefined ? {} : { process_instance: window.process_instance }),
  app: window.app_name,
  window_id: window.id,
  window_title: window.title,
  ...(rootRef === undefined ? {} : { root_ref: rootRef })
})

/**
 * Render an observation, allocate refs depth-first to nodes that earn one and to containers the child limit cut
 * (page anchors for `--root REF --children-from K`), and prove each ref's uniqueness against the whole window
 * (domain's captureIdentities). Refs of an unproven snapshot are saved but can never resolve (a drill-down finds a
 * page anchor by its place instead: resolve/resolveRef.ts `forRead`).
 */
export const captureSnapshot = (input: CaptureInput): Captured => {
  let counter = input.startCounter
  const refNodes: Array<[string, ObservedNode]> = []
  const refByNode = new Map<ObservedNode, string>()
  const render = input.observation.complete && input.windowComplete ? input.render : { ...input.render, partialRead: true }
  const tree = renderTree(input.observation.root, render, {
    // A container whose children a depth cut (--max-depth, the skeleton) left out is a drill target: it gets a ref,
    // so `--root` reaches it and -i keeps it (with its children_count) instead of dropping the branch unmarked.
    earns: (node, atCut) => getsRef(node.role, node.actions) || atCut,
    allocate: (node) => {
      // A page of a cut container names the container by the ref the agent passed, so every page's hint does too.
      if (node === input.observation.root && input.rootRefId !== undefined) {
        refByNode.set(node, input.rootRefId)
        return input.rootRefId
      }
      counter += 1
      refNodes.push([refKey(counter), node])
      const ref = formatRef(input.snapshotId, counter)
      refByNode.set(node, ref)
      return ref
    }
  })
  const { identities, identityUnproven } = captureIdentities(input.windowRoot, refNodes.map(([, node]) => node), {
    complete: input.windowComplete
  })
  const source = sourceOf(input.observation.window, input.rootRef)
  const refs: Record<string, RefEntry> = {}
  refNodes.forEach(([key, node], i) => {
    refs[key] = refEntryFor(identityFields(node), source, identities[i]!)
  })
  return { tree, refs, counter, identityUnproven, refByNode }
}
