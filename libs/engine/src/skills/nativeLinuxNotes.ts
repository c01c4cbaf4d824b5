import { HEADED_POINTER, WINDOW_OPERATIONS } from "./commandTables.generated.js"

/** `skills get platform` on Linux: what the X11 addon behind the coordinate, capture, window and clipboard commands does. */
export const NATIVE_LINUX_NOTES = `## Pointer, screenshots, windows and the clipboard (X11)

- These go through a small native addon (XTEST, XShm, XRandR, EWMH, selections), loaded only by the commands that
  need it. A machine where it was not built answers PLATFORM_NOT_SUPPORTED naming the missing Debian packages. On
  Wayland a display-server backend of the compositor stands in for X11 where one exists (the table below).
- Pointer input needs --headed (POLICY_DENIED otherwise): ${HEADED_POINTER}, and on Linux scroll too (AT-SPI has
  no scroll action). Coordinates are global screen
  pixels (list-displays); a point on no display is INVALID_ARGS and nothing is sent. Raw coordinates focus nothing
  and cannot prove which app received the input (delivered_unverified).
- Pointer input on a ref: identity proven, its window focused through the window manager, then the element must be
  visible, inside its window and a display, have the same bounds in two reads, belong to the topmost window at its
  centre, and be what the AT-SPI hit test finds there (or contain it). Otherwise ACTION_FAILED lists the failed
  checks (details.checks) and nothing is sent: scroll it into view, restore or move its window, snapshot again.
- screenshot: the screen, --screen N (a list-displays id) or a window's on-screen rectangle (what covers it is in
  the picture), PNG written 0600 to PATH or inline base64. The PNG is encoded in the addon (zlib level 1, the "up"
  filter: about scrot's size); repeated screenshots are cheapest through a warm process (serve, mcp), which keeps
  the shared-memory capture buffer.
- ${WINDOW_OPERATIONS} ask the window manager and read the window
  back; positions and sizes are the frame's (decorations included). list-windows reports a window as its toolkit
  reports it to AT-SPI: GTK 3 the frame, Qt 5 and GTK 4 an area inside it (the bounds focus-window answers are the
  frame: the difference is what to subtract before moving such a window to a listed position). They need a running
  EWMH window manager.
- launch takes an executable path, a command on PATH or a desktop id, attaches to a running app of that name
  (--no-attach refuses) and waits for its window. An app whose window is mapped but which stays off the
  accessibility bus 2 s has no tree: launch answers then (no window) with a suggestion naming its toolkit's switch
  (GTK 2 --env GTK_MODULES=gail:atk-bridge, Qt QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1, Java's ATK wrapper, Chromium
  --force-renderer-accessibility, a dropped NO_AT_BRIDGE=1) and the pixel route (screenshot, --headed mouse-click
  --xy, press / press --text). close-app closes through the window manager (--force: SIGTERM, then SIGKILL), an
  app without a tree too (found by its process name and window); it succeeds once the process is gone, or once
  all its windows are gone while the process runs on as a service (details.process_running); a window left over
  (a save prompt) is ACTION_FAILED naming it. Session processes are never closed.
- Text into browser fields without --headed: Chromium's fields have no EditableText and Firefox ignores its, so
  type, set-value and clear on their refs go through the browser's remote endpoint when its process has one
  (launch --cdp: Chromium's DevTools, Firefox's WebDriver BiDi, which serves one client at a time): the field is
  focused through AT-SPI and the page sees trusted input events (set-value and clear also change). Without one:
  POLICY_DENIED naming --headed and launch --cdp.
- list-surfaces lists an app's showing windows, dialogs, alerts, popup menus (with item_count) and tooltips;
  snapshot --surface menu|alert|sheet|focused snapshots that one surface (shell kinds are refused).
- wait --event (window-opened/closed, app-launched/terminated, focus-changed, surface-appeared/dismissed) listens to
  AT-SPI window and registry events (a window open for milliseconds is seen); without a working event stream it
  compares apps and windows with the start every 100 ms. wait --notification [--text T] waits for a popup.
- press --headed --app/--window-id makes that window the active one through the window manager, and verifies it,
  before any key is sent. Without --headed it moves no focus: while another app's window holds the X keyboard
  focus (where keys go) it is refused (POLICY_DENIED, details.kind window_not_active) and no key is sent.
- Notifications: read from xfce4-notifyd (its popups are in the accessibility tree). app_name is always "": the
  popup does not show the sender, and the daemon's log (off by default; no notification id) records a wrong app
  name for each app's first notification in the version Debian 12 ships (0.7.3, a use-after-free fixed in 0.8.2).
  So --app and --expected-app answer PLATFORM_NOT_SUPPORTED (details.kind notification_app_unknown) instead of
  matching nothing: filter with --text, fingerprint with --expected-title. Other daemons answer
  PLATFORM_NOT_SUPPORTED naming them. dismiss-notification needs --expected-title; notification-action presses the
  action's button; both refuse a mismatch with NOTIFICATION_NOT_FOUND and need --headed.
- clipboard-set starts a small detached owner process that serves text, a PNG or file URIs until anything else is
  copied; clipboard-clear ends it. clipboard-get reads text, file URIs or an image (written to --out).
`
