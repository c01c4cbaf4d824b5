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

/** An action that cannot work on objects of one role in this toolkit, and the way that does work. */
export interface UnsupportedHint {
  readonly role: number
  /** Only objects with this interface (a Swing table cell is a label with TableCell; a plain label is not one). */
  readonly interface?: string
  /** The action as `unsupported` names it: "type", "set-value", "clear", "select", ... (a prefix match); none: every action. */
  readonly action?: string
  /** Why it cannot work (the error's message ends with it). */
  readonly why: string
  /** What works instead (the error's suggestion). */
  readonly instead: string
}

export interface ToolkitProfile {
  /** Stable id: gtk3, gtk4, qt, gecko, chromium, libreoffice, generic. */
  readonly id: string
  /** `Properties.GetAll(Accessible)` answered safely (one message for name, description, child count). */
  readonly getAllSafe: boolean
  /** `Cache.GetItems` may be asked for (at-spi2-atk's cache; GTK4's own). */
  readonly bulkCacheSafe: boolean
  /**
   * The most objects an app may hold for its whole cache to be asked in one reply (tree/read/cacheFits.ts); more are
   * read live. Chromium 156: ~370 bytes per object (60,241 objects: 22 MB in 12.7 s), and a reply past D-Bus's 64 MiB
   * array limit disconnects the browser from the bus (a 50,000-row table): its accessibility is gone until it restarts.
   */
  readonly bulkCacheMaxObjects?: number
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
  /**
   * What the toolkit's window-relative extents count from where they are window-relative (every native Wayland
   * client; GTK 4.8 on X11): its `surface` (the buffer's top-left, client-side shadows included) or its `frame` (the
   * xdg window geometry). Undefined: not measured, and then a Wayland compositor's window origin cannot place it
   * (no global bounds: pointer actions by ref are refused with that reason). Measured under sway 1.7 by clicking
   * around widgets: GTK 3.24 surface, GTK 4.8 frame, Qt 5.15 surface.
   */
  readonly waylandOrigin?: "surface" | "frame"
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
  /**
   * Names carry the mnemonic markup of the label they come from ("_Share Share", "_Remember": GTK 4.8): a read names
   * such a node by the text it shows (tree/NameFromMnemonic.ts).
   */
  readonly mnemonicNames?: boolean
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
   * `Text.GetOffsetAtPoint` never answers on a text view (the call waits out its timeout, and the app is then taken
   * for unresponsive): a long text is read from its start instead of from the part on screen.
   */
  readonly offsetAtPointHangs?: boolean
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
  /**
   * Action aliases that hold only on list, tree and table items (atspi/ItemRoles.ts), where a name means something
   * else than on a widget: Qt 5.15's "toggle" on an item selects or unselects it and checks nothing ("select").
   */
  readonly itemActionAliases?: Readonly<Record<string, string>>
  /** `EditableText.InsertText`'s length counts UTF-16 code units, not UTF-8 bytes (Qt: `QString::resize(length)`). */
  readonly insertTextLengthUtf16?: boolean
  /**
   * A combo box's Name is its current text: the contract takes it as the value, and names the combo box after the
   * target of its LABELLED_BY relation (no name when it has none).
   */
  readonly comboNameIsValue?: boolean
  /**
   * A combo box changes its current item only on input in its open popup (selecting the popup's item over AT-SPI
   * does not): `select` opens it with its own action and clicks the item (`--headed`), else POLICY_DENIED.
   */
  readonly comboChoiceByPointer?: boolean
  /**
   * Expandable rows have no expand action; a pointer double-click on the row toggles them: `expand`/`collapse`
   * send it with `--headed`, else POLICY_DENIED.
   */
  readonly expandByDoubleClick?: boolean
  /** A spin box's value is its text (what it shows), not `Value.CurrentValue` (which may mean nothing). */
  readonly spinValueFromText?: boolean
  /** `Component.GrabFocus` answers false unless the object's actions list a focus action (Qt's SetFocus). */
  readonly grabFocusNeedsFocusAction?: boolean
  /** `Component.ScrollTo` is not implemented: scroll-to fails before anything is sent. */
  readonly scrollToMissing?: boolean
  /**
   * AT-SPI roles whose objects without on-screen area are hidden copies of what the app shows, skipped with their
   * subtrees like hidden nodes where `skipsHidden` (asked on live reads: one GetExtents per object of such a role).
   */
  readonly hiddenWithoutArea?: ReadonlyArray<number>
  /**
   * A container whose state set is DEFUNCT alone still answers and holds live children: where `skipsHidden`, it is
   * read, not skipped as hidden (acting on it still fails: it is defunct).
   */
  readonly defunctAloneIsLive?: boolean
  /**
   * Menus report neither EXPANDABLE nor EXPANDED: a menu is open while SELECTED, opens by its click action and closes
   * when its parent deselects it (`Selection.DeselectChild`). They are read as expandable, expanded while selected.
   */
  readonly menusOpenWhileSelected?: boolean
  /** AT-SPI roles whose Value interface holds no value of theirs (setting it changes nothing): left out of reads. */
  readonly inertValueRoles?: ReadonlyArray<number>
  /**
   * A list row that is only selected changes nothing, and activating one applies the row under the list's cursor,
   * not the one activated: a row is focused first (`Component.GrabFocus` moves the cursor), then activated.
   */
  readonly activatesFocusedRow?: boolean
  /**
   * Unnamed controls (entries, buttons, paragraphs) take the name of the container they sit in (tree/NameFromContainer.ts):
   * the toolkit names a tool bar item and leaves its parts unnamed.
   */
  readonly namesFromContainer?: boolean
  /** What to do instead where an action cannot work on a role; it becomes the error's suggestion. */
  readonly unsupportedHints?: ReadonlyArray<UnsupportedHint>
  /**
   * When the app's accessibility is switched off (a window reports children and hands out only null objects:
   * Chromium 156 started without renderer accessibility): what to do, said in the error a read of that window
   * answers, and whether it is the renderer's accessibility that must be activated (the contract's
   * `details.renderer_accessibility_activation_required`).
   */
  readonly inactiveAccessibility?: { readonly hint: string; readonly rendererActivation: boolean }
  /**
   * A push button in state PRESSED is a toggle button that is on: it is read as CHECKED and CHECKABLE, so check,
   * uncheck and toggle work on it and are verified. (GTK 4.8 has no toggle-button role; an unpressed toggle button
   * looks like any push button, so it cannot be told apart and is refused by toggle, as every plain button is.)
   */
  readonly pressedIsChecked?: boolean
  /**
   * A combo box never sets EXPANDABLE or EXPANDED; its popup is its menu child, which is SHOWING while open. Such a
   * combo box is read as expandable, and expanded while that menu shows (tree/PopupState.ts), so expand and
   * collapse are verified against what the user sees.
   */
  readonly expandedFromPopup?: boolean
  /**
   * A combo box without Selection of its own lists its items only in its popup, and choosing there through AT-SPI
   * does nothing (Selection.SelectChild on the popup's list answers true while the combo box keeps its choice; the
   * items have no action): only pointer or keyboard input chooses. `select` opens it and chooses with keys, headed
   * only (actions/handlers/selectByKeys.ts).
   */
  readonly comboChoiceNeedsInput?: boolean
  /**
   * A table's rows by child index cost time growing with the index, while `Table.GetAccessibleAt` answers a cell in
   * constant time: a big table is searched cell by cell (tree/TableSearch.ts). Chromium 156 (its rows sit under an
   * ignored tbody): per row, `GetChildAtIndex` 0.25 ms at 2,000 rows and 0.57 ms at 12,000, `Collection.GetMatches`
   * of the table 0.13 and 0.48 ms, `GetAccessibleAt` 0.27 ms at both (tools/bench/scripts/table_routes.py).
   */
  readonly tableCellsByPosition?: boolean
  readonly quirks: ReadonlyArray<ToolkitQuirk>
}
