/**
 * Bounds on one tree read, so no window (a spreadsheet, a 50,000-row web table, a 1.5 MB document) can make a read
 * unbounded or make the app do unbounded work. Every cut is reported (`budgetCut` → `subtree_truncated`,
 * `complete: false`, with its reason), never silent; a page of a big container (`paged`) is a read by design.
 */
export interface ReadLimits {
  /**
   * Children read per node: a container with more is paged (its first page, or the page a read asks for, is read;
   * `paged`, and the read stays complete). `find` searches the other pages.
   */
  readonly maxChildrenPerNode: number
  /** Nodes per read: a window with 20,000 refs (a 6,700-row list, ~34,000 nodes) fits whole. */
  readonly maxNodes: number
  /**
   * A container that manages its descendants (AT-SPI MANAGES_DESCENDANTS) and reports more children than this is
   * never enumerated: only its visible children are found, by hit tests over its on-screen area.
   */
  readonly maxManagedChildren: number
  /** Hit tests per managed container (each finds at most one visible child). */
  readonly maxHitTests: number
  /** Characters of text read per node in a tree read (`get --property text` reads the whole text). */
  readonly maxTextChars: number
}

export const defaultReadLimits: ReadLimits = {
  maxChildrenPerNode: 2_000,
  maxNodes: 50_000,
  maxManagedChildren: 256,
  maxHitTests: 400,
  maxTextChars: 4_096
}
