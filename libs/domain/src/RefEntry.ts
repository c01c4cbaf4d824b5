/**
 * What a snapshot saves per ref (reference §2.5, contract 2.6). Field names are the stored JSON's, snake_case,
 * because RefMaps outlive the process that wrote them.
 */
import type { IdentityContext } from "./IdentityContext.js"
import type { NativeIdentifier } from "./IdentityNode.js"

export interface RefBounds {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export interface RefEntry {
  readonly pid: number
  readonly process_instance?: string
  readonly role: string
  readonly name?: string
  readonly value?: string
  /**
   * A digest of a value the RefMap leaves out (a text field's contents): shows a later `snapshot --diff` that the value
   * changed, not what it is (a short value can still be guessed from it; the store is private to its user).
   */
  readonly value_digest?: string
  readonly description?: string
  readonly native_id?: NativeIdentifier
  readonly bounds?: RefBounds
  readonly bounds_hash: string
  readonly states?: ReadonlyArray<string>
  readonly available_actions: ReadonlyArray<string>
  readonly source_app: string
  readonly source_window_id?: string
  readonly source_window_title?: string
  /** Child indexes from the window root. */
  readonly path: ReadonlyArray<number>
  /**
   * `childCount` of each node along the path, window root first, parent last. A structural fingerprint: when a
   * sibling is added or removed before the element, some count changes, so a shifted neighbour cannot pass for it.
   */
  readonly path_child_counts?: ReadonlyArray<number>
  /** Opaque live-element pointer (Linux: bus name + object path); a speed hint, never identity on its own. */
  readonly handle: string
  /**
   * The snapshot read the whole window and found no other node with this role and these stable fields, or told its
   * twins apart by `kind` and `context` (captureIdentities.ts).
   */
  readonly unique_at_capture: boolean
  /** What kind of element it is (IdentityContext.ts); saved only when its stable fields had twins. */
  readonly kind?: string
  /** Its place below its nearest named ancestor; saved only when neither its fields nor its kind told it apart. */
  readonly context?: IdentityContext
  /** Set on refs added by a `--root` drill-down: the ref of the drilled root. */
  readonly root_ref?: string
}

/** A RefMap as stored: `@eN` keys and the counter the next drill-down continues from. */
export interface RefMap {
  readonly refs: Readonly<Record<string, RefEntry>>
  readonly counter: number
}
