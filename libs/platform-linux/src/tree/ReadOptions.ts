import type { CacheIndex } from "./read/CacheIndex.js"
import type { ReadLimits } from "./ReadLimits.js"

export interface ReadOptions {
  readonly maxDepth: number
  readonly deadline: number
  /** Path of `root` from the window root, for drill-down reads. */
  readonly rootPath?: ReadonlyArray<number>
  readonly concurrency?: number
  readonly perCallMs?: number
  /** Skip details (bounds, actions, text, values): structure only. */
  readonly details?: boolean
  readonly limits?: ReadLimits
  /** Added to every extent, for toolkits that report window-relative extents (ToolkitProfile). */
  readonly origin?: { readonly x: number; readonly y: number }
  /** The extents are window-relative and the window's place is unknown (display/extentsPlacement.ts): no bounds. */
  readonly boundsUnknown?: boolean
  /** False: never ask for the app's whole cache (a few nodes re-read live cost less than one GetItems). */
  readonly bulk?: boolean
  /**
   * The app's cache read once for several reads of one window (a search through a container's pages): taken instead
   * of asking for it again; null: read without it.
   */
  readonly cache?: CacheIndex | null
  /** Pages of paged containers to read instead of their first, by the container's path key (`read/ChildPages.ts`). */
  readonly pages?: ReadonlyMap<string, { readonly from: number; readonly count?: number }>
  /** Child indexes a paged container must read (paths the read must include), by the container's path key. */
  readonly focus?: ReadonlyMap<string, ReadonlySet<number>>
}
