/** Builds the RefEntry a snapshot saves for one ref node, from the node, its window and its captured identity. */
import { boundsHash } from "./boundsHash.js"
import type { CapturedIdentity } from "./captureIdentities.js"
import type { IdentityNode } from "./IdentityNode.js"
import type { RefBounds, RefEntry } from "./RefEntry.js"

export interface RefNode extends IdentityNode {
  readonly states: ReadonlyArray<string>
  readonly actions: ReadonlyArray<string>
  readonly bounds?: RefBounds
  readonly handle: string
}

export interface RefSource {
  readonly pid: number
  readonly process_instance?: string
  readonly app: string
  readonly window_id?: string
  readonly window_title?: string
  readonly root_ref?: string
}

export const refEntryFor = (node: RefNode, source: RefSource, identity: CapturedIdentity): RefEntry => ({
  pid: source.pid,
  ...(source.process_instance === undefined ? {} : { process_instance: source.process_instance }),
  role: node.role,
  ...(node.name === undefined ? {} : { name: node.name }),
  ...(node.value === undefined ? {} : { value: node.value }),
  ...(node.description === undefined ? {} : { description: node.description }),
  ...(node.nativeId === undefined ? {} : { native_id: { kind: node.nativeId.kind, value: node.nativeId.value } }),
  ...(node.bounds === undefined ? {} : { bounds: node.bounds }),
  bounds_hash: boundsHash(node.bounds),
  ...(node.states.length === 0 ? {} : { states: [...node.states] }),
  available_actions: [...node.actions],
  source_app: source.app,
  ...(source.window_id === undefined ? {} : { source_window_id: source.window_id }),
  ...(source.window_title === undefined ? {} : { source_window_title: source.window_title }),
  path: [...node.path],
  path_child_counts: [...identity.path_child_counts],
  handle: node.handle,
  unique_at_capture: identity.unique_at_capture,
  ...(source.root_ref === undefined ? {} : { root_ref: source.root_ref })
})
