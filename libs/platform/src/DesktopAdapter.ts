import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { ActionOptions, ActionTarget, DeliveryStep, KeyCombo, PostState, SemanticAction } from "./Actions.js"
import type { ChangeWatch } from "./ChangeWatch.js"
import type { DesktopWatch } from "./DesktopWatch.js"
import type { NativeDesktopShape, ScreenPoint } from "./NativeDesktop.js"
import type { PlatformError } from "./PlatformError.js"
import type { ScreenTextShape } from "./ScreenText.js"
import type { PlatformStatus, PermissionReport } from "./Status.js"
import type { AppInfo, ElementHandle, ObservedNode, TreeObservation, WindowInfo } from "./TreeModel.js"

export interface WindowQuery {
  readonly app?: string
  readonly windowId?: string
}

export interface ReadTreeOptions {
  /** Start at this element instead of the window root (drill-down). */
  readonly root?: ElementHandle
  readonly maxDepth: number
  /** Absolute deadline (epoch ms); on expiry return what was read with `complete: false`. */
  readonly deadline: number
  /**
   * May answer from an earlier read the app's events prove unchanged (observations only: snapshot, find). Identity
   * proofs before actions never set it and always read live.
   */
  readonly kept?: boolean
  /**
   * Pages of paged containers to read instead of their first: the container at `path` (from the window root) has its
   * children from index `from` read (a page; `count` of them when given).
   */
  readonly pages?: ReadonlyArray<{ readonly path: ReadonlyArray<number>; readonly from: number; readonly count?: number }>
  /**
   * Paths the read must include where they exist (a ref's saved place): a paged container along one reads the child
   * on it, and only such children, instead of its first page.
   */
  readonly focus?: ReadonlyArray<ReadonlyArray<number>>
  /**
   * A document still loading (`ObservedNode.loading`) is waited for, within the deadline, before the read is
   * answered; one still loading at the deadline is reported (`incomplete: ["loading"]`).
   */
  readonly awaitLoad?: boolean
}

/** What `searchPaged` looks for: the engine's filters, applied to each node of a page as it is read. */
export interface PagedQuery {
  /** Whether a node read in a page is a match (the engine applies its filters again on the grafted tree). */
  readonly matches: (node: ObservedNode) => boolean
  /** Stop once this many matches are found (0: search every page). */
  readonly limit: number
  /**
   * `matches` reads only role, name, description and states: a page may be searched by its structure alone, and
   * only the children holding a match read whole (a page's bounds, actions and values are most of its cost).
   */
  readonly fieldsOnly?: boolean
  /**
   * What a toolkit-side search (AT-SPI Collection) may narrow by before `matches` decides: the contract role and the
   * name a match's own name holds (`exact`: equals), case-insensitive. Absent fields narrow nothing.
   */
  readonly narrow?: { readonly role?: string; readonly name?: string; readonly exact?: boolean }
}

export interface PagedSearch {
  /**
   * Matching nodes found in the parts of paged containers the read left out, each as the chain of nodes from the
   * paged container's child down to the match (so it can be placed in the read tree), the match last and whole.
   */
  readonly found: ReadonlyArray<ReadonlyArray<ObservedNode>>
  /** Every child of every paged container was searched. */
  readonly complete: boolean
  /** Children of paged containers searched. */
  readonly searched: number
  /** Children of paged containers left to search (0 when complete). */
  readonly remaining: number
  /** Why the search stopped early (a deadline, an app that stopped answering), or how it searched. */
  readonly note?: string
}

/**
 * Everything the engine needs from a desktop platform. Methods a platform lacks fail with
 * `PlatformError({ code: "PLATFORM_NOT_SUPPORTED" })`; the engine turns that into a real envelope.
 */
export interface DesktopAdapterShape {
  readonly platform: "linux" | "macos" | "windows" | "unsupported"
  readonly status: () => Effect.Effect<PlatformStatus, PlatformError>
  readonly permissions: () => Effect.Effect<PermissionReport, PlatformError>
  readonly listApps: (nameContains?: string) => Effect.Effect<ReadonlyArray<AppInfo>, PlatformError>
  readonly listWindows: (app?: string) => Effect.Effect<ReadonlyArray<WindowInfo>, PlatformError>
  /** Window choice: exact id; else app's only/visible/focused window; else AMBIGUOUS_TARGET; neither: focused. */
  readonly resolveWindow: (query: WindowQuery) => Effect.Effect<WindowInfo, PlatformError>
  readonly readTree: (window: WindowInfo, options: ReadTreeOptions) => Effect.Effect<TreeObservation, PlatformError>
  /**
   * Searches the children a read (`observation`) left out of its paged containers, within `deadline`: through the
   * toolkit's own search where it scales (AT-SPI Collection), else child by child. Absent where a platform never pages.
   */
  readonly searchPaged?: (observation: TreeObservation, query: PagedQuery, deadline: number) => Effect.Effect<PagedSearch, PlatformError>
  /** Deliver one semantic action. Fails with the steps taken so far in `PlatformError.steps`. */
  readonly act: (
    target: ActionTarget,
    action: SemanticAction,
    options: ActionOptions
  ) => Effect.Effect<ReadonlyArray<DeliveryStep>, PlatformError>
  /** Read the element's state back after an action (2.4 readback). */
  readonly readState: (target: ActionTarget) => Effect.Effect<PostState, PlatformError>
  readonly pressKeys: (
    combo: KeyCombo,
    window: WindowInfo | undefined,
    options: ActionOptions
  ) => Effect.Effect<ReadonlyArray<DeliveryStep>, PlatformError>
  /**
   * Text typed through the keyboard, one key per character, into whatever holds the keyboard focus (of `window`'s
   * app, under `pressKeys`' rules): the way into elements that take no text through accessibility (terminals, Tk,
   * canvases). A character no key types is INVALID_ARGS before anything is sent.
   */
  readonly typeText: (
    text: string,
    window: WindowInfo | undefined,
    options: ActionOptions
  ) => Effect.Effect<ReadonlyArray<DeliveryStep>, PlatformError>
  /**
   * Coordinate input, capture, displays and window-manager operations, loaded on first use (a native addon on
   * Linux). Absent or failing with PLATFORM_NOT_SUPPORTED where the platform has none.
   */
  readonly native?: () => Effect.Effect<NativeDesktopShape, PlatformError>
  /**
   * Hit test (AT-SPI `GetAccessibleAtPoint`, descended to the deepest object): the handles from the window's root
   * down to the deepest element at a screen point, window first. Pointer input on a ref checks its target is on it.
   */
  readonly hitTest?: (window: WindowInfo, point: ScreenPoint, deadline: number) => Effect.Effect<ReadonlyArray<ElementHandle>, PlatformError>
  /**
   * The transient surfaces an app shows inside its windows' accessible trees now (GTK 2 menus, GTK 4 popovers):
   * what the display server shows as a popup of the app's process, found in the tree of one of `windows` (the
   * app's). Each comes as a window `resolveWindow({ windowId })` and `readTree` take. Absent where every surface is
   * a window of its own.
   */
  readonly popupSurfaces?: (windows: ReadonlyArray<WindowInfo>, deadline: number) => Effect.Effect<ReadonlyArray<PopupSurface>, PlatformError>
  /**
   * Subscribes to desktop events (registered before it returns: nothing after the call is missed). Absent where the
   * platform hears none; `wait --event` then compares the desktop's state over time.
   */
  readonly watchDesktop?: () => Effect.Effect<DesktopWatch, PlatformError>
  /**
   * Subscribes to the changes one window's app announces (registered before it returns). Absent where the platform
   * hears none; a watch then looks at the window now and then.
   */
  readonly watchChanges?: (window: WindowInfo) => Effect.Effect<ChangeWatch, PlatformError>
  /**
   * The platform skill's section on UI toolkits (markdown): what works on each toolkit the adapter knows and where
   * it stops, kept beside the toolkit profiles it describes. Absent where the adapter has none to tell.
   */
  readonly toolkitNotes?: string
  /**
   * Text read from the screen (OCR), where the engine's sources layer provides it: the `ocr` nodes of windows whose
   * tree is missing or opaque, and the re-read that re-identifies them before pointer input.
   */
  readonly screenText?: ScreenTextShape
  /**
   * Re-identifies a node of another source than the accessibility tree by that source's own rules before an action
   * (cdp: the same DOM node with the same role and name in the same document; ocr: the same text near its box),
   * answering the live node, or undefined for a handle of the tree itself. Fails ELEMENT_NOT_FOUND (details say why)
   * when the node is gone; nothing is ever sent here.
   */
  readonly reidentify?: (
    window: WindowInfo,
    handle: ElementHandle,
    expected: { readonly role: string; readonly name?: string; readonly path: ReadonlyArray<number> },
    deadline: number
  ) => Effect.Effect<ObservedNode | undefined, PlatformError>
  /** Release connections; the CLI calls this before exit so the process ends promptly. */
  readonly close: () => Effect.Effect<void>
}

/** An open popup inside a window's tree: the subtree as a window of its own, what it is, and its items. */
export interface PopupSurface {
  readonly window: WindowInfo
  readonly kind: "menu" | "popover"
  readonly itemCount?: number
}

export class DesktopAdapter extends Context.Service<DesktopAdapter, DesktopAdapterShape>()(
  "@agent-desktop/platform/DesktopAdapter"
) {}
