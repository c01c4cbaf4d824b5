/**
 * Why `app_name` is "" on Linux, and the refusal of the flags that would need it (--app, --expected-app). An app
 * filter that silently matched nothing would tell an agent "no notification from Mail" when there is one, and an
 * app fingerprint could never prove anything, so both answer PLATFORM_NOT_SUPPORTED before anything is read or
 * pressed.
 *
 * The sources that were checked (xfce4-notifyd 0.7.3, the version Debian 12 ships):
 * - the popup: summary, body, one button per action, an icon; no app name anywhere (AT-SPI, the X window's title,
 *   WM_CLASS or properties);
 * - the notification log ($XDG_CACHE_HOME/xfce4/notifyd/log, a key file): off unless the user turned on
 *   `/notification-log` and set `/log-level` to 1 ("always"; the default logs only in do-not-disturb mode); its
 *   entries are keyed by a timestamp and carry no notification id; and the app_name it writes for the first
 *   notification of every app not yet in `/applications/known_applications` is read from freed memory (a
 *   use-after-free fixed upstream in 0.8.2, commit 2d70cb5): apps named ThirdApp and Fourth were logged as
 *   "XfceNotifyWindow" and as "x" (another notification's body). A wrong but plausible name cannot be told apart
 *   from a right one, so the log is not used;
 * - D-Bus monitoring sees Notify calls only while a monitor runs, never the popups already on screen.
 */
import { Effect } from "effect"
import { PlatformNotSupported } from "../../errors/DesktopError.js"

export const APP_NAME_UNKNOWN =
  "xfce4-notifyd does not show which app sent a notification, and its log (when enabled) records a wrong app name for each app's first notification in the version Debian 12 ships (0.7.3), so app_name is always \"\""

/** Fails PLATFORM_NOT_SUPPORTED when `--app` or `--expected-app` was given. */
export const refuseAppFlags = (args: { readonly app?: string; readonly expected_app?: string }): Effect.Effect<void, PlatformNotSupported> => {
  const given = (["app", "expected_app"] as const).filter((key) => args[key] !== undefined)
  if (given.length === 0) return Effect.void
  return Effect.fail(new PlatformNotSupported({
    message: `${given.map((key) => `--${key.replace("_", "-")}`).join(" and ")} cannot work here: ${APP_NAME_UNKNOWN}`,
    delivery: "not_delivered",
    details: { kind: "notification_app_unknown", flags: given.map((key) => `--${key.replace("_", "-")}`) },
    suggestion: "Filter with --text (title or body) and fingerprint with --expected-title instead"
  }))
}
