/**
 * `skills get platform` on Linux: what works on each Wayland desktop and what a user must grant. `status` reports the
 * same per channel for the session it runs in (probes.display_server); this table is the whole picture, kept in step
 * with the display-server backends (libs/platform-linux/src/display/chooseDisplayServer.ts) and their suites.
 */
export const WAYLAND_NOTES = `## Wayland sessions: what works where

On Wayland, snapshot, find and the semantic ref actions work on every desktop (AT-SPI is the same there). What goes
below AT-SPI (keys with --headed, the pointer, screenshots, windows, global bounds) needs a display-server backend;
\`status\` names it (probes.display_server.backend) and says per channel what it uses or why it cannot work.

| | wlroots (sway) | GNOME (mutter) | KDE Plasma (KWin) | X11 apps on XWayland |
|---|---|---|---|---|
| backend | \`wlroots\` | \`gnome\` | \`kde\` | the session's backend |
| press, keys of --headed actions | virtual keyboard (one full keymap) | mutter's RemoteDesktop session (keys of the session's layout, to the active window; --app refused unless its window is active) | KWin fake input (keys of the session's layout) | through the session's keyboard |
| pointer (click, move, drag, wheel, scroll) | virtual pointer | mutter's RemoteDesktop + ScreenCast streams (needs PipeWire in the session) | KWin fake input | through the session's pointer |
| screenshot | screencopy | a ScreenCast frame over PipeWire (whole screen, --screen; --app with agent-desktop's GNOME Shell extension): the ScreenCast portal once the user consented (its restore token under the state root), else mutter's own ScreenCast; without PipeWire, the Screenshot portal once allowed | KWin's ScreenShot2 | through the session's capture |
| list-windows, focus/move/resize/close-window | sway IPC (minimize, maximize refused with the reason) | agent-desktop's GNOME Shell extension (minimize, maximize too); without it refused (the Shell tells no other client about windows) | KWin scripting over D-Bus (minimize, maximize too) | as the session's windows |
| --include-bounds, pointer actions by ref | global: sway's window origin + the toolkit's extents (GTK 3, GTK 4, Qt 5) | with the extension, global: its window origin + the toolkit's extents (GTK 3, GTK 4, Qt 5); without it no bounds, refused with the reason | global: KWin's window origin + the toolkit's extents (GTK 3, GTK 4, Qt 5) | global (X11 extents) |
| clipboard-get/set/clear | data-control (no focus needed; a detached owner process serves what is set until something else is copied) | mutter's RemoteDesktop clipboard (a detached owner process serves what is set until something else is copied); clear refused (mutter cannot empty another owner's selection) | data-control, which KWin 5.27 offers to any client | the compositor hands the selection to X11 apps (sway: while an X11 window has the focus) |
| list-notifications, notification-action, dismiss | xfce4-notifyd as a Wayland client: its popups through AT-SPI, dismissed by a click of the virtual pointer | refused: GNOME Shell is the notification server and shows no accessible list | refused on Plasma (plasmashell is the server) | — |
| what a user must grant | nothing | input and screenshots: nothing (any client of the session bus may use RemoteDesktop and ScreenCast; the Shell shows its screen-sharing indicator meanwhile); a user who wants to be asked consents once in the ScreenCast portal's dialog (\`status\` gives the step, the token file and how to revoke under probes.display_server.channels.capture.consent); without PipeWire the Screenshot portal's permission, granted once (\`permissions\` gives the command); windows: install the extension once (\`status\` gives the command under probes.display_server.channels.windows) and log in again; the user focuses the target window where the extension is missing | once: the package's installer \`agent-desktop-setup-kde\` authorizes agent-desktop's KWin helper (keys, pointer, screenshots; \`permissions\` gives its exact command); windows and the clipboard need none | — |

- A wlroots compositor without sway's IPC (no \`SWAYSOCK\`) has keys, pointer and screenshots but no window
  geometry: windows and pointer actions by ref are refused with that reason.
- A Wayland client cannot read the pointer's position: mouse-move answers without a read-back.
- The clipboard is the seat's selection, read and set without a focused window through
  \`zwlr_data_control_manager_v1\`; a compositor that does not offer it answers PLATFORM_NOT_SUPPORTED naming it.
- Notifications are the daemon's own windows: only xfce4-notifyd shows them in the accessibility tree. mako and dunst
  (the usual wlroots daemons) draw without one and are refused naming the daemon; start xfce4-notifyd instead.
- GNOME and KDE offer none of the wlroots protocols. On GNOME keys and the pointer go through mutter's RemoteDesktop
  (absolute motion and screenshots through its ScreenCast streams, which need a PipeWire daemon in the session; without
  one they are refused with the reason and keys still work). Windows come from agent-desktop's GNOME Shell extension
  (windows@agent-desktop; GNOME Shell loads a newly installed extension at the next log-in); without it no client can
  focus a window: press --app is refused (window_not_active, nothing sent) unless the app's window is the active one. Screenshots use the ScreenCast
  stream (faster); where it cannot work, the Screenshot portal, silent once the user allowed it in the portal's
  permission store (status and permissions give the one command; without it the screenshot is refused with it). The
  ScreenCast portal serves first once the user consented in its "Screen Share" dialog: run a screenshot with
  AGENT_DESKTOP_GNOME_CAPTURE=portal at the desktop, choose the monitor, keep "Remember this selection", Share (the
  dialog is on AT-SPI: snapshot --app xdg-desktop-portal-gnome, click the monitor, click Share); the restore token is
  kept in the state root (gnome-screencast-token.json) and later captures use it with no dialog; unanswered, the
  capture refuses after 25 s (capture_needs_consent) and the dialog is closed. rm that file to revoke. The
  RemoteDesktop portal is not used (version 1 on Debian 12: no restore tokens). On KDE, KWin grants fake input and
  ScreenShot2 only to an executable an installed \`.desktop\` file names: agent-desktop's own helper
  (\`agent-desktop-kwin\`), never Node, so no other program is authorized. Until the installer ran, keys, pointer and
  screenshots refuse with PLATFORM_NOT_SUPPORTED, kind authorization_missing, and \`permissions\` gives the exact
  command (also when the installed file names another path, after the package moved); no restart is needed after it.
  The semantic ref actions (click, check, set-value ...) work on every desktop.
`
