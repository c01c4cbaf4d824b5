import { genericProfile } from "../generic/profile.js"
import type { ToolkitProfile } from "../ToolkitProfile.js"

/** Chromium (and Electron) through its own ATK implementation and at-spi2-atk. */
export const chromium: ToolkitProfile = {
  ...genericProfile,
  id: "chromium",
  bulkCacheSafe: true,
  bulkCacheMaxObjects: 20_000,
  actionAliases: { check: "toggle", uncheck: "toggle" },
  textEndClamped: true,
  actionsDecidedByFirst: true,
  spinValueIsEdit: true,
  untitledWindowsPassedOver: true,
  peerToPeerUnsafe: true,
  tableCellsByPosition: true,
  inactiveAccessibility: {
    hint: "Chromium and Electron expose their windows only with accessibility on, chosen when they start (it cannot be switched on in a running browser on Linux): close it and start it again with --force-renderer-accessibility (agent-desktop launch chromium --arg=--force-renderer-accessibility), or with a screen reader running",
    rendererActivation: true
  },
  quirks: [
    { what: "text fields carry no EditableText: text goes in through the keyboard (headed), or through the DevTools protocol where the browser has an endpoint (GrabFocus works on them, and the page's focused element is then the field)", seenIn: "Chromium 156.0.8078" },
    { what: "Action.GetActions names are empty; Action.GetName(i) answers (doDefault, check, select, press)", seenIn: "Chromium 156.0.8078" },
    {
      what: "every object with Action lists its default action verb at index 0 (doDefault, press, click, activate, check, ...), then showContextMenu and only scroll/increment/decrement after it, so a tree read asks GetName(0) alone (one call per node instead of three: 14,000 fewer calls on a 4,700-node page)",
      seenIn: "Chromium 156.0.8078"
    },
    { what: "Text.GetText(0, n) past the end answers the whole text (a capped read needs no CharacterCount)", seenIn: "Chromium 156.0.8078" },
    { what: "check boxes act through \"check\" / \"uncheck\"; a <select>'s Selection is on its menu child", seenIn: "Chromium 156.0.8078" },
    { what: "text of containers carries U+FFFC for each embedded child (removed when read)", seenIn: "Chromium 156.0.8078" },
    {
      what: "Value.CurrentValue on a number input (a spin button without EditableText) fires input and change: set-value with a number goes through Value, headless",
      seenIn: "Chromium 156.0.8078"
    },
    {
      what: "two untitled frames (pre-built bubbles, each with an empty document) are SHOWING from the start with no X window mapped; only the titled one is the browser window",
      seenIn: "Chromium 156.0.8078"
    },
    {
      what: "the browser process segfaults (SIGSEGV) when a client that read it over a peer-to-peer connection exits while a navigation replaces the page: 6 of 7 one-shot `press Enter --app Chromium` after typing into a form field or the address bar; 0 of 8 with every call through the bus daemon",
      seenIn: "Chromium 156.0.8078"
    },
    {
      what: "a table's rows by child index cost time growing with the index (GetChildAtIndex, GetChildren and Collection.GetMatches of the table: 0.13-0.25 ms per row at 2,000 rows, 0.25-0.57 ms at 12,000), Table.GetAccessibleAt a constant 0.27 ms per row: big tables are searched cell by cell",
      seenIn: "Chromium 156.0.8078"
    },
    {
      what: "Cache.GetItems of a page past ~180,000 objects (a 50,000-row table) builds for ~50 s a reply over D-Bus's 64 MiB array limit, and the bus then disconnects the browser: its accessibility is gone until it restarts. Objects are counted first (Collection, up to 20,001: 0.9 s at 20,000) and an app with more is read live",
      seenIn: "Chromium 156.0.8078"
    },
    { what: "a range input reports the value a Value Set gave it a moment after answering (read back at once: the old value)", seenIn: "Chromium 156.0.8078" },
    {
      what: "started without --force-renderer-accessibility (and no screen reader), every window reports ChildCount 1 and GetChildren answers only the null object, even after reads, ScreenReaderEnabled set on the bus or ACCESSIBILITY_ENABLED=1",
      seenIn: "Chromium 156.0.8078"
    }
  ]
}
