/**
 * What one UI toolkit needs from a guest client: which bulk calls it answers safely, what its action names mean,
 * how its extents and visibility are reported, how its text is read. Every quirk here names the app and version
 * that showed it; the tree reader and the actor ask the profile and never test toolkit names themselves.
 */
export interface ToolkitQuirk {
  /** What the toolkit does differently. */
  readonly what: string
  /** The app and version it was seen in. */
  readonly seenIn: string
}

export interface ToolkitProfile {
  /** Stable id: gtk3, gtk4, qt, gecko, chromium, libreoffice, generic. */
  readonly id: string
  /** `Properties.GetAll(Accessible)` answered safely (one message for name, description, child count). */
  readonly getAllSafe: boolean
  /** `Cache.GetItems` may be asked for (at-spi2-atk's cache; GTK4's own). */
  readonly bulkCacheSafe: boolean
  /** `Action.GetActions` names are unusable (read each with `Action.GetName(i)`). */
  readonly actionNamesFromGetName: boolean
  /** Toolkit action names (lower case) mapped to the names the mapper understands (click, toggle, expand, ...). */
  readonly actionAliases: Readonly<Record<string, string>>
  /**
   * Action names that mean something else on one AT-SPI role only, applied when acting (after `actionAliases`):
   * role -> toolkit name -> the name the mapper understands. Firefox ESR 153 names a radio button's action
   * "select", which on its list items means selecting them.
   */
  readonly roleActionAliases?: Readonly<Record<number, Readonly<Record<string, string>>>>
  /** `GetExtents(SCREEN)` answers window-relative coordinates: add the window's screen origin. */
  readonly extentsWindowRelative: boolean
  /** SHOWING is never set: a VISIBLE node counts as showing (its bounds are then read). */
  readonly showingFromVisible: boolean
  /** EditableText calls answer true and change nothing: text goes in through the keyboard (headed) instead. */
  readonly editableTextInert: boolean
  /**
   * A spin button whose text goes in only through the keyboard still takes a number through `Value.CurrentValue`,
   * and the app sees it as a user's edit (Chromium 156: a number input's Set fires input and change), so
   * set-value with a number needs no `--headed` there.
   */
  readonly spinValueIsEdit?: boolean
  /**
   * Untitled toplevel windows are not what `--app` means while exactly one titled window is visible: Chromium 156
   * keeps two untitled frames of pre-built bubbles SHOWING with no X window mapped, so once another app had the
   * focus (no window ACTIVE) `--app Chromium` was AMBIGUOUS_TARGET.
   */
  readonly untitledWindowsPassedOver?: boolean
  /**
   * Calls go through the bus daemon, never the app's own socket (`Application.GetApplicationBusAddress`): Chromium
   * 156 segfaulted when a client that had read it peer-to-peer exited while a navigation replaced the page.
   */
  readonly peerToPeerUnsafe?: boolean
  /**
   * `Component.GrabFocus` on a toplevel window moves the keyboard focus off the focused element: `press --headed`
   * then gives the window the X keyboard focus instead (Firefox ESR 153: the field typed into lost FOCUSED, and the
   * Enter sent after it submitted nothing).
   */
  readonly windowFocusBlursContent?: boolean
  /** Unnamed list/tree rows take the first name found in their content (tree/NameFromContent.ts). */
  readonly namesFromContent: boolean
  /**
   * Names the toolkit gives every node of a kind, which tell twins apart no better than no name (GTK 4.8 notebook
   * tabs are all "Tab"): with namesFromContent, such rows and tabs are named from their content too.
   */
  readonly placeholderNames: ReadonlyArray<string>
  /** Nodes that are not VISIBLE are left out of a read, with their subtrees (they exist twice, the visible copy read). */
  readonly skipsHidden: boolean
  /** `Text.GetText(0, -1)` returns "" where the text is not empty: ask for `(0, CharacterCount)`. */
  readonly textNeedsExplicitEnd: boolean
  /**
   * `Text.GetText(0, n)` with n past the end answers the whole text: a read capped at n characters is one call, with
   * no `CharacterCount` asked first.
   */
  readonly textEndClamped?: boolean
  /**
   * Only the first action can be one the contract maps (click, press, toggle, ...): the toolkit lists its default
   * action verb at index 0 and then a fixed set that never maps (context menu, scrolling, increment/decrement), on
   * every object with Action. A tree read then asks `Action.GetName(0)` alone; acting still reads every name.
   */
  readonly actionsDecidedByFirst?: boolean
  /**
   * Changes to objects a read has seen are announced by events (names, states, values, text, bounds, children), so
   * a warm process may keep a window's read and patch it (mirror/TreeMirror.ts, which finds children added without
   * an event by their parents' child counts). Proven for GTK 3 by the mirror's mutation tests; others read live.
   */
  readonly announcesChanges?: boolean
  readonly quirks: ReadonlyArray<ToolkitQuirk>
}

/** A toolkit nobody here has tried: pyatspi's call pattern (per-property Get), nothing assumed. */
export const genericProfile: ToolkitProfile = {
  id: "generic",
  getAllSafe: false,
  bulkCacheSafe: false,
  actionNamesFromGetName: false,
  actionAliases: {},
  extentsWindowRelative: false,
  showingFromVisible: false,
  editableTextInert: false,
  namesFromContent: false,
  placeholderNames: [],
  skipsHidden: false,
  textNeedsExplicitEnd: false,
  quirks: []
}
