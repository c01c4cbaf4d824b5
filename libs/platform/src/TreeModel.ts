/**
 * The platform-neutral tree an adapter reports. Roles, states and actions are already mapped to the contract's
 * vocabulary (reference §2.2–2.3); the engine never sees toolkit names.
 */
import type { Role } from "@agent-desktop/contracts"

export interface Bounds {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export type NativeIdKind =
  | "ax_identifier"
  | "ax_dom_identifier"
  | "automation_id"
  | "runtime_id"
  | "atspi_object_path"
  | "unknown"

export interface NativeId {
  readonly kind: NativeIdKind
  readonly value: string
}

/**
 * An opaque, serialisable pointer to a live element (Linux: bus name + object path). It is only a hint for
 * speed: identity is always proven against the live tree by role + stable fields + path, never by the handle alone.
 */
export type ElementHandle = string

/**
 * Where a node was read from: the platform's accessibility tree (`atspi` on Linux), a page's DevTools protocol
 * (`cdp`) or the window's pixels (`ocr`).
 */
export type NodeSource = "atspi" | "cdp" | "ocr"

export interface ObservedNode {
  /** Already mapped to the contract's vocabulary by the adapter (an unmapped platform role is "unknown"). */
  readonly role: Role
  /** Absent: the platform's accessibility tree (the adapter's own nodes never set it). */
  readonly source?: NodeSource
  /** `ocr` nodes: Tesseract's confidence in the text, 0-100. */
  readonly confidence?: number
  /**
   * A surface its app draws itself (a canvas, a drawing area): its content is pixels the tree cannot explain, which
   * the `ocr` source can read.
   */
  readonly drawn?: boolean
  readonly name?: string
  readonly value?: string
  readonly description?: string
  readonly nativeId?: NativeId
  /**
   * What kind of element it is beyond its role, as the platform tells it (Linux: AT-SPI role, interfaces, line
   * mode): identity tells twins apart by it (domain's IdentityContext.ts). Opaque; never printed.
   */
  readonly traits?: string
  readonly hint?: string
  readonly states: ReadonlyArray<string>
  /** `available_actions` vocabulary: Click, SetValue, SetFocus, Toggle, Expand, Collapse, Select, ScrollTo, ... */
  readonly actions: ReadonlyArray<string>
  /** Always captured when the platform reports it; the engine emits it only with `--include-bounds`. */
  readonly bounds?: Bounds
  /** Child indexes from the window root (the window itself is `[]`). */
  readonly path: ReadonlyArray<number>
  readonly handle: ElementHandle
  /** Number of children the platform reports, whether or not they were read. */
  readonly childCount: number
  /** Children that were read. Absent when the node was cut by depth or budget. */
  readonly children?: ReadonlyArray<ObservedNode>
  /** The budget ran out before this node's children were read. */
  readonly budgetCut?: boolean
  /**
   * Only this node's visible children were read, by design: a container that manages its descendants (a
   * spreadsheet's 2^31 cells) is never enumerated. Rendered as truncated; the window read is still complete.
   */
  readonly visibleOnly?: boolean
  /**
   * A container with more children than one read takes (a 50,000-row table): only a range of its children was read
   * (each child's `path` says its index), by design. Rendered with its real `childCount` and a paging hint; the
   * window read is still complete. `find` searches the rest (`DesktopAdapterShape.searchPaged`), and a read asked
   * for a page or a path (`ReadTreeOptions.pages`, `focus`) reads those children.
   */
  readonly paged?: boolean
  /**
   * This node is a document that is still loading (AT-SPI BUSY, or a toolkit's placeholder for a document not
   * loaded yet): what was read of it is not the page. The read is incomplete (`TreeObservation.incomplete`).
   */
  readonly loading?: boolean
}

/**
 * A window (or an app) without a usable accessibility tree, and what can still serve it (contract 2.7's
 * `accessibility`): `absent` = never registered, `inactive` = registered with its content switched off, `empty` = a
 * tree with nothing an agent can use.
 */
export interface TreeAvailability {
  readonly tree: "absent" | "inactive" | "empty"
  readonly sources: ReadonlyArray<NodeSource>
  readonly fix?: string
}

export interface AppInfo {
  readonly name: string
  readonly pid: number
  readonly bundle_id?: string
  readonly process_instance?: string
  readonly presentation?: "foreground" | "background"
  /** Toolkit name and version where the platform reports them (AT-SPI `ToolkitName`/`Version`). */
  readonly toolkit?: string
  readonly toolkit_version?: string
  readonly accessibility?: TreeAvailability
}

export interface WindowInfo {
  readonly id: string
  readonly title: string
  readonly app_name: string
  readonly pid: number
  readonly process_instance?: string
  readonly bounds?: Bounds
  readonly is_focused: boolean
  readonly minimized?: boolean
  readonly visible?: boolean
  /** Set on windows whose accessibility tree is missing or unusable (an AT-SPI window only when its content is switched off). */
  readonly accessibility?: TreeAvailability
  /**
   * Set only by `resolveWindow` when the app named shows several windows: which one was taken and why (its modal
   * dialog, the window the display server has active), and how to name another. Never printed as a field (the
   * contract's window objects have none); a snapshot says it in its root's hint.
   */
  readonly choice?: string
}

/**
 * Why a read is incomplete, so an answer can say what happened and what helps: the deadline passed (`deadline`),
 * the app stopped answering within one call's timeout (`unresponsive`: a longer deadline does not help), the read's
 * node cap was reached (`node_cap`), a document in the window is still loading (`loading`), or a node lists children
 * and hands out only null objects (`unreadable`: an app whose accessibility is off).
 */
export type IncompleteReason = "deadline" | "unresponsive" | "node_cap" | "loading" | "unreadable"

export interface TreeObservation {
  readonly window: WindowInfo
  readonly root: ObservedNode
  /** False when the deadline expired before every node (within maxDepth) was read. */
  readonly complete: boolean
  readonly nodesObserved: number
  /** Why `complete` is false (every reason that applied, most telling first). */
  readonly incomplete?: ReadonlyArray<IncompleteReason>
  /** Wall time the read took (ms), for answers that quote it. */
  readonly elapsedMs?: number
  /** The window's tree is missing or unusable; the nodes came from the sources named there. */
  readonly accessibility?: TreeAvailability
  /** Set when a warm adapter answered from a read its event stream kept true: as kept, or patched by events. */
  readonly reused?: "kept" | "patched"
}
