/**
 * Notifications on Linux: org.freedesktop.Notifications has no "list what is shown" call, so this reads the one
 * daemon whose popups are in the accessibility tree, xfce4-notifyd (GTK: each popup a window with its summary and
 * body as labels and one button per action), on X11 and on Wayland alike (there it is a Wayland client of the
 * compositor; dismissing clicks through the display server's pointer). Nothing trustworthy names the sending app, so
 * `app_name` is "" (appNameUnknown.ts says which sources were checked and why each fails). Another daemon of this
 * session is named in a PLATFORM_NOT_SUPPORTED: dunst and mako draw without an accessibility tree,
 * notification-daemon ignores accessible presses, shells keep theirs in their own UI.
 */
import { DesktopAdapter, type ElementHandle, type ObservedNode, type WindowInfo } from "@agent-desktop/platform"
import { Clock, Effect } from "effect"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { PlatformNotSupported } from "../../errors/DesktopError.js"
import { fromPlatformError } from "../../errors/fromPlatformError.js"

export const SUPPORTED_DAEMON = "xfce4-notifyd"

/** Daemons by process name, and why each cannot be read. */
const OTHER_DAEMONS: Readonly<Record<string, string>> = {
  dunst: "dunst draws its notifications without an accessibility tree and cannot list what is on screen",
  mako: "mako (Wayland) draws its notifications without an accessibility tree (its own control API, makoctl's fr.emersion.Mako on the session bus, is not used yet)",
  "notification-daemon": "notification-daemon ignores accessible presses of its action buttons",
  "notify-osd": "notify-osd shows no actions and no accessibility tree",
  "gnome-shell": "GNOME Shell keeps notifications in its own UI (no accessible list of them)",
  plasmashell: "Plasma keeps notifications in its own UI (no accessible list of them)"
}

export interface ShownNotification {
  readonly index: number
  readonly app_name: string
  readonly title: string
  readonly body?: string
  readonly actions: ReadonlyArray<string>
  readonly window: WindowInfo
  /** Where a click dismisses it: the summary label's centre. */
  readonly point?: { readonly x: number; readonly y: number }
  readonly buttons: ReadonlyArray<{ readonly name: string; readonly handle: ElementHandle }>
}

/**
 * Whether `pid` belongs to this session: it was started with our session bus (a bus-activated daemon gets the bus's
 * address from dbus-daemon; a shell was started with it). Other sessions' daemons on the same machine (another
 * user's GNOME Shell next to a sway session) are not ours. Unreadable environments (another user's processes) and a
 * caller without DBUS_SESSION_BUS_ADDRESS fall back to the process name alone.
 */
const inThisSession = (pid: string, bus: string | undefined): boolean => {
  if (bus === undefined) return true
  try {
    const address = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").find((v) => v.startsWith("DBUS_SESSION_BUS_ADDRESS="))
    return address === undefined || address.slice("DBUS_SESSION_BUS_ADDRESS=".length) === bus
  } catch {
    return true
  }
}

const runningDaemon = (): string | undefined => {
  const bus = process.env["DBUS_SESSION_BUS_ADDRESS"]
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const name = readFileSync(`/proc/${pid}/comm`, "utf8").trim()
      if (name in OTHER_DAEMONS && inThisSession(pid, bus)) return name
    } catch {
      // gone
    }
  }
  return undefined
}

const all = (node: ObservedNode): Array<ObservedNode> => [node, ...(node.children ?? []).flatMap(all)]

const toNotification = (index: number, window: WindowInfo, root: ObservedNode): ShownNotification | undefined => {
  const nodes = all(root)
  const labels = nodes.filter((n) => n.role === "statictext" && (n.name ?? "").length > 0)
  if (labels.length === 0) return undefined
  const buttons = nodes.filter((n) => n.role === "button" && (n.name ?? "").length > 0).map((n) => ({ name: n.name!, handle: n.handle }))
  const title = labels[0]!
  const body = labels.slice(1).map((l) => l.name!).join("\n")
  return {
    index,
    app_name: "",
    title: title.name!,
    ...(body.length > 0 ? { body } : {}),
    actions: buttons.map((b) => b.name),
    window,
    ...(title.bounds ? { point: { x: Math.round(title.bounds.x + title.bounds.width / 2), y: Math.round(title.bounds.y + title.bounds.height / 2) } } : {}),
    buttons
  }
}

/** The notifications on screen, oldest first (index 1); fails naming an unsupported daemon. */
export const shownNotifications = Effect.gen(function*() {
  const adapter = yield* DesktopAdapter
  const apps = yield* adapter.listApps(SUPPORTED_DAEMON).pipe(Effect.mapError(fromPlatformError))
  const daemon = apps.find((a) => a.name === SUPPORTED_DAEMON)
  if (daemon === undefined) {
    const other = runningDaemon()
    if (other !== undefined) {
      return yield* new PlatformNotSupported({
        message: `the notification daemon is ${other}: ${OTHER_DAEMONS[other]}`,
        delivery: "not_delivered",
        details: { kind: "notification_daemon_unsupported", daemon: other, supported: [SUPPORTED_DAEMON] }
      })
    }
    if (!existsSync("/usr/share/dbus-1/services/org.xfce.xfce4-notifyd.Notifications.service")) {
      return yield* new PlatformNotSupported({
        message: "no notification daemon that agent-desktop can read is running or installed (it reads xfce4-notifyd)",
        delivery: "not_delivered",
        details: { kind: "notification_daemon_unsupported", supported: [SUPPORTED_DAEMON] }
      })
    }
    return [] as ReadonlyArray<ShownNotification>
  }
  const windows = (yield* adapter.listWindows(SUPPORTED_DAEMON).pipe(Effect.mapError(fromPlatformError)))
    .filter((w) => w.pid === daemon.pid && w.visible !== false)
  const out: Array<ShownNotification> = []
  for (const window of windows) {
    const deadline = (yield* Clock.currentTimeMillis) + 3000
    const tree = yield* adapter.readTree(window, { maxDepth: 16, deadline }).pipe(Effect.option)
    if (tree._tag === "None") continue
    const shown = toNotification(out.length + 1, window, tree.value.root)
    if (shown) out.push(shown)
  }
  return out as ReadonlyArray<ShownNotification>
})

export const publicInfo = (n: ShownNotification) => ({
  index: n.index,
  app_name: n.app_name,
  title: n.title,
  ...(n.body === undefined ? {} : { body: n.body }),
  actions: [...n.actions]
})
