import { ActionResult, ActionResultV2_1 } from "../data/ActionResult.js"
import { BatchData } from "../data/BatchData.js"
import { DismissAllNotificationsData, DismissNotificationData, ListNotificationsData } from "../data/NotificationData.js"
import { SessionData } from "../data/SessionData.js"
import { PermissionsData, SkillsData, StatusData, StatusDataV2_6, UnconfirmedData, VersionData, VersionDataV2_6 } from "../data/SystemData.js"
import { TraceData, TraceDataV2_7 } from "../data/TraceData.js"
import { WaitData, WaitDataV2_7 } from "../data/WaitData.js"
import { appFilter, bool, flag, ID_PATTERN, int, list, oneOf, positional, str, text } from "./args.js"
import { defineCommand, LINUX } from "./CommandSpec.js"

const expected = {
  "expected-app": flag(str("Fingerprint: the notification's app must be this")),
  "expected-title": flag(str("Fingerprint: the notification's title must be this"))
}
const index = positional("index", int("1-based index from list-notifications", { minimum: 1 }), true)

export const listNotifications = defineCommand({
  name: "list-notifications",
  summary: "List notifications",
  use: "list them (default)",
  agentGroup: { tool: "notifications", value: "list", default: true },
  description:
    "On Linux: reads xfce4-notifyd, whose popups are in the accessibility tree (summary and body as labels, one button per action); nothing trustworthy names the sending app (the popup does not show it; the log of xfce4-notifyd 0.7.3, the version Debian 12 ships, is off by default and records a wrong app for each app's first notification), so app_name is \"\" and --app and --expected-app answer PLATFORM_NOT_SUPPORTED (filter with --text, fingerprint with --expected-title). Other daemons answer PLATFORM_NOT_SUPPORTED naming them (dunst and mako have no accessibility tree, notification-daemon ignores accessible presses).",
  category: "notification",
  headed: "none",
  support: LINUX("supported"),
  positionals: [],
  flags: { app: appFilter, text: flag(str("Only notifications containing this text")), limit: flag(int("At most this many")) },
  data: { "2.1": ListNotificationsData }
})

export const dismissNotification = defineCommand({
  name: "dismiss-notification",
  replay: { as: "refused", reason: "notification indexes do not outlive their notifications" },
  summary: "Dismiss one notification",
  use: "dismiss one by index",
  agentGroup: { tool: "notifications", value: "dismiss" },
  description:
    "On Linux: reads xfce4-notifyd, whose popups are in the accessibility tree (summary and body as labels, one button per action); nothing trustworthy names the sending app (the popup does not show it; the log of xfce4-notifyd 0.7.3, the version Debian 12 ships, is off by default and records a wrong app for each app's first notification), so app_name is \"\" and --app and --expected-app answer PLATFORM_NOT_SUPPORTED (filter with --text, fingerprint with --expected-title). Other daemons answer PLATFORM_NOT_SUPPORTED naming them (dunst and mako have no accessibility tree, notification-daemon ignores accessible presses). Dismiss clicks the popup (headed) after the fingerprint matched, and reads it back gone.",
  category: "notification",
  headed: "required",
  support: LINUX("supported"),
  positionals: [index],
  flags: { app: flag(str("Filter by app before indexing")), ...expected },
  data: { "2.1": DismissNotificationData }
})

export const dismissAllNotifications = defineCommand({
  name: "dismiss-all-notifications",
  replay: { as: "refused", reason: "the notifications it dismissed do not outlive the recording" },
  summary: "Dismiss all notifications",
  use: "dismiss all",
  agentGroup: { tool: "notifications", value: "dismiss-all" },
  description:
    "On Linux: reads xfce4-notifyd, whose popups are in the accessibility tree (summary and body as labels, one button per action); nothing trustworthy names the sending app (the popup does not show it; the log of xfce4-notifyd 0.7.3, the version Debian 12 ships, is off by default and records a wrong app for each app's first notification), so app_name is \"\" and --app and --expected-app answer PLATFORM_NOT_SUPPORTED (filter with --text, fingerprint with --expected-title). Other daemons answer PLATFORM_NOT_SUPPORTED naming them (dunst and mako have no accessibility tree, notification-daemon ignores accessible presses). Each popup is clicked closed (headed) and read back gone.",
  category: "notification",
  headed: "required",
  support: LINUX("supported"),
  positionals: [],
  flags: { app: appFilter },
  data: { "2.1": DismissAllNotificationsData }
})

export const notificationAction = defineCommand({
  name: "notification-action",
  replay: { as: "refused", reason: "notification indexes do not outlive their notifications" },
  summary: "Press a notification's action",
  use: "press an action of one by index",
  agentGroup: { tool: "notifications", value: "press" },
  description:
    "On Linux: reads xfce4-notifyd, whose popups are in the accessibility tree (summary and body as labels, one button per action); nothing trustworthy names the sending app (the popup does not show it; the log of xfce4-notifyd 0.7.3, the version Debian 12 ships, is off by default and records a wrong app for each app's first notification), so app_name is \"\" and --app and --expected-app answer PLATFORM_NOT_SUPPORTED (filter with --text, fingerprint with --expected-title). Other daemons answer PLATFORM_NOT_SUPPORTED naming them (dunst and mako have no accessibility tree, notification-daemon ignores accessible presses). The action's button is pressed through AT-SPI after the fingerprint (if given) matched.",
  category: "notification",
  headed: "required",
  support: LINUX("supported"),
  positionals: [index, positional("action", str("Action name as list-notifications prints it"), true)],
  flags: expected,
  data: { "2.1": ActionResultV2_1, "2.4": ActionResult }
})

export const status = defineCommand({
  name: "status",
  readOnly: true,
  summary: "Platform, permissions and state",
  use: "platform and accessibility state (default)",
  agentGroup: { tool: "status", value: "status", default: true },
  category: "system",
  headed: "none",
  support: LINUX("supported"),
  positionals: [],
  flags: {},
  data: { "2.1": StatusData, "2.6": StatusDataV2_6 }
})

export const permissions = defineCommand({
  name: "permissions",
  summary: "Permission states",
  use: "permission states; request asks for missing ones",
  agentGroup: { tool: "status", value: "permissions" },
  category: "system",
  headed: "none",
  support: LINUX("supported"),
  positionals: [],
  flags: {
    request: flag(bool("Ask for missing permissions (isolated, time-bounded)")),
    guide: flag(bool("Open the settings that grant them (macOS)"))
  },
  data: { "2.1": PermissionsData }
})

export const version = defineCommand({
  name: "version",
  readOnly: true,
  summary: "Binary version and the contract versions it speaks",
  use: "binary and contract versions",
  agentGroup: { tool: "status", value: "version" },
  category: "system",
  headed: "none",
  support: LINUX("supported"),
  positionals: [],
  flags: {},
  data: { "2.1": VersionData, "2.6": VersionDataV2_6 }
})

export const skills = defineCommand({
  name: "skills",
  readOnly: true,
  summary: "Embedded guides for agents (list, get NAME [REF], path)",
  use: "Read the usage guides: how to drive apps with these tools, per toolkit and task.",
  category: "system",
  headed: "none",
  support: LINUX("supported"),
  positionals: [
    positional("action", str("list, get or path", { default: "list" }), false),
    positional("name", str("Skill name or alias (skills get)"), false),
    positional("reference", str("Reference stem or references/<file>.md"), false)
  ],
  flags: { full: flag(bool("Inline the references")) },
  subActions: ["list", "get", "path"],
  data: { "2.1": SkillsData }
})

export const batch = defineCommand({
  name: "batch",
  summary: "Run several commands",
  use: "Run several commands in one call when you know all their arguments in advance.",
  category: "system",
  headed: "none",
  support: LINUX("supported"),
  positionals: [positional("json", str("JSON array of {command, args, session?} (<= 64 entries, <= 1 MiB)", { maxLength: 1_048_576 }), true, true)],
  flags: {
    "stop-on-error": flag(bool("Stop at the first failed entry")),
    "timeout-ms": flag(int("Budget for the whole batch in ms", { default: 60000 }))
  },
  data: { "2.1": BatchData }
})

export const cursorOverlay = defineCommand({
  name: "cursor-overlay",
  summary: "Show or hide the agent cursor",
  use: "Show or hide an agent cursor.",
  description:
    "On Linux: not supported (PLATFORM_NOT_SUPPORTED, nothing sent). Pointer commands (--headed) move the real X pointer through XTEST, so the visible cursor already is the agent's cursor: there is no second, agent-only cursor to show; `agent-desktop mouse-move --headed --xy X,Y` shows a point, list-displays and screenshot show where input lands.",
  category: "system",
  headed: "none",
  support: LINUX("not_applicable"),
  refusal: {
    linux: "cursor-overlay has no Linux counterpart: pointer commands move the real X pointer (XTEST), so the visible cursor already is the agent's cursor"
  },
  positionals: [positional("action", str("enable or disable"), true)],
  flags: {},
  subActions: ["enable", "disable"],
  unconfirmed: true,
  data: { "2.1": UnconfirmedData }
})

export const wait = defineCommand({
  name: "wait",
  readOnly: true,
  summary: "Wait for an element, window, text or time",
  use: "Wait until something happens (an element, window, text, menu, notification or desktop event) instead of polling, or sleep.",
  description: "Wait for a number of milliseconds, or until an element, window, text, menu or event appears.",
  category: "system",
  headed: "none",
  support: LINUX("supported"),
  positionals: [positional("ms", int("Milliseconds to sleep"), false)],
  flags: {
    element: flag(str("Ref to wait for")),
    predicate: flag(oneOf(["exists", "enabled", "visible", "actionable", "value"], "Condition on --element", "exists")),
    value: flag(text("Expected value (--predicate value)")),
    action: flag(oneOf(["click", "type", "set-value", "clear"], "Action --predicate actionable checks readiness for")),
    window: flag(str("Window title to wait for")),
    text: flag(str("Text to wait for")),
    count: flag(int("How many --text occurrences", { default: 1, minimum: 1 })),
    menu: flag(bool("Wait until a menu is open")),
    "menu-closed": flag(bool("Wait until no menu is open")),
    notification: flag(bool("Wait for a notification (with --text: containing it)")),
    event: flag(oneOf(["window-opened", "window-closed", "app-launched", "app-terminated", "focus-changed", "surface-appeared", "surface-dismissed", "changed"], "Desktop event to wait for; changed: the window changed (a diff with refs; what changed since its last snapshot counts)")),
    "window-id": flag(str("Only events of this window")),
    app: flag(str("Scope to this application")),
    timeout: flag(int("Budget in ms", { default: 30000 }))
  },
  agentTool: true,
  data: { "2.1": WaitData, "2.7": WaitDataV2_7 }
})

/**
 * Fleet views over a store shared by many machines (AGENT_DESKTOP_STORE=postgres://...): which machine ran an
 * invocation (AGENT_DESKTOP_MACHINE or its host name), on which app, with which outcome.
 */
const FLEET_FILTERS = (scope: string) => ({
  // Operators' views of a fleet: agent tool lists leave them out (an agent reviews its own session).
  machine: flag(str(`${scope} that ran on this machine (AGENT_DESKTOP_MACHINE or its host name)`), { agentHidden: true }),
  app: flag(str(`${scope} on this app (the request's app, or the app of the ref it acted on)`), { agentHidden: true }),
  outcome: flag(str(`${scope} that ended so: ok, error, open, an error code (POLICY_DENIED) or a delivery (delivered_unverified)`), { agentHidden: true })
})

export const session = defineCommand({
  name: "session",
  summary: "Sessions: start, end [ID], list, gc",
  use: "Group the following calls into a recorded session (start, end, list, gc).",
  category: "system",
  headed: "none",
  support: LINUX("supported"),
  positionals: [
    positional("action", str("start, end, list or gc"), true),
    positional("session_id", str("Session to end (default: --session or AGENT_DESKTOP_SESSION)", { pattern: ID_PATTERN }), false)
  ],
  flags: {
    name: flag(str("Label of the new session")),
    "no-trace": flag(bool("Do not record a trace")),
    screenshots: flag(bool("Record pre/post screenshots and refmaps (artifacts: full)")),
    "older-than": flag(int("gc: only sessions older than this many seconds")),
    ended: flag(bool("gc: only ended sessions")),
    ...FLEET_FILTERS("list: only sessions with an invocation")
  },
  subActions: ["start", "end", "list", "gc"],
  data: { "2.1": SessionData }
})

export const trace = defineCommand({
  name: "trace",
  summary: "Trace of a session: show, export, replay",
  use: "Review what a session did (show), export it (HTML, or a batch to run), or replay it without a model.",
  description:
    "show and export print a session's recorded events (redacted). replay runs a recorded session again without a model: each recorded action's element found by its recorded identity in the app as it runs now (twins refused), acted on through the normal command path, verified by the recorded read-back and the recorded observations that followed; the first divergence stops it with the expected and observed elements. Typed text was never stored: --secret NAME=TEXT or the environment variable the recording names supplies it. The replay is a session of its own. export --as batch writes the actions as a batch file with locators for a person to edit and run.",
  category: "system",
  headed: "none",
  support: LINUX("supported"),
  positionals: [
    positional("action", str("show, export or replay"), true),
    positional("session_id", str("Session to read (default: --session or AGENT_DESKTOP_SESSION)", { pattern: ID_PATTERN }), false)
  ],
  flags: {
    limit: flag(int("Newest events, 0 = all (default 500; 5000 for export)")),
    event: flag(str("show: only events whose name starts with this")),
    out: flag(str("export: file to write (default: in the session folder)", { maxLength: 4096 })),
    as: flag(oneOf(["html", "batch"], "export: html (a page) or batch (the actions, to edit and run)", "html")),
    from: flag(int("replay, export --as batch: from this position (seq in trace show)")),
    to: flag(int("replay, export --as batch: up to this position")),
    "dry-run": flag(bool("replay: find each recorded element, send nothing")),
    secret: flag(list("replay: NAME=TEXT for text the recording never stored; repeatable")),
    "timeout-ms": flag(int("replay: ms each step waits for its element", { default: 5000 })),
    ...FLEET_FILTERS("show: only the events of invocations")
  },
  subActions: ["show", "export", "replay"],
  data: { "2.1": TraceData, "2.7": TraceDataV2_7 }
})

export const NOTIFICATIONS = [listNotifications, dismissNotification, dismissAllNotifications, notificationAction] as const
export const SYSTEM = [status, permissions, version, skills, batch, cursorOverlay, wait, session, trace] as const
