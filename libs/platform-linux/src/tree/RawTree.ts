/** What a tree read returns: raw nodes (AT-SPI roles and states) in child-index order, before the contract's mapping. */
import type { IncompleteReason } from "@agent-desktop/platform"
import type { RawNode } from "./RawNode.js"

export interface RawTree {
  readonly node: RawNode
  readonly path: ReadonlyArray<number>
  /** Children read, in index order (absent when cut by depth or budget). */
  readonly children?: ReadonlyArray<RawTree>
  readonly budgetCut?: boolean
  /** Only the visible children were read (a container that manages its descendants). */
  readonly visibleOnly?: boolean
  /** Only a page (a range, or the children on focus paths) of its children was read. */
  readonly paged?: boolean
}

export interface ReadResult {
  readonly root: RawTree
  readonly complete: boolean
  /** Why the read is not complete (empty when it is). */
  readonly incomplete: ReadonlyArray<IncompleteReason>
  readonly nodesObserved: number
  readonly source: "cache" | "walk"
  /** Children listed and gone when read (`ReadContext.vanished`): the tree changed while it was read. */
  readonly vanished?: number
}
