/**
 * What a replay does with each recorded command (README "Replay"). Derived from the command spec where the spec
 * says it (ref actions, read-only commands); the rest is the replay's own decision, written once here.
 *
 * - **actions** change an app or the desktop and are run again through the engine's normal command path, their
 *   element targets found by recorded identity: every ref action, `press`, `hover`/`drag` on refs, the clipboard
 *   writes, and window operations that name their app.
 * - **checks** are observations the recording made (`snapshot`, `get`, `is`): the replay repeats them and compares
 *   what it sees with what the recording saw.
 * - **lifecycle** commands (`launch`, `close-app`) are not repeated: a replay acts on the apps that run now.
 * - everything else app-facing (a point on the screen, a window id, a notification index) has no identity to find
 *   again, so a replay that meets one refuses before anything is sent.
 */
import { REF_ACTION_COMMANDS } from "@agent-desktop/contracts/vocabulary"

/** Args that hold a ref of a saved snapshot: the replay finds their element by its recorded identity instead. */
export const REF_ARGS = ["ref_id", "from", "to"] as const
export type RefArg = (typeof REF_ARGS)[number]

const WINDOW_OPERATIONS = ["focus-window", "resize-window", "move-window", "minimize", "maximize", "restore"]
const DESKTOP_WRITES = ["clipboard-set", "clipboard-clear"]
const POINTER = ["hover", "drag"]
const POINT_ONLY = ["mouse-move", "mouse-click", "mouse-wheel", "mouse-down", "mouse-up"]
const NOTIFICATION_WRITES = ["dismiss-notification", "dismiss-all-notifications", "notification-action"]
const HELD_KEYS = ["key-down", "key-up"]

export const CHECK_COMMANDS: ReadonlySet<string> = new Set(["snapshot", "get", "is"])
export const LIFECYCLE_COMMANDS: ReadonlySet<string> = new Set(["launch", "close-app"])

/** Every command whose invocation records what a replay needs (replay.request). */
export const RECORDED_COMMANDS: ReadonlySet<string> = new Set([
  ...REF_ACTION_COMMANDS, "press", ...POINTER, ...DESKTOP_WRITES, ...WINDOW_OPERATIONS, ...POINT_ONLY,
  ...NOTIFICATION_WRITES, ...HELD_KEYS, ...LIFECYCLE_COMMANDS, ...CHECK_COMMANDS
])

export type StepKind =
  | { readonly _tag: "Action" }
  | { readonly _tag: "Check" }
  | { readonly _tag: "Lifecycle" }
  | { readonly _tag: "NotReplayable"; readonly reason: string }

const present = (args: Readonly<Record<string, unknown>>, key: string) => args[key] !== undefined && args[key] !== null

/** How a recorded command with these (recorded) args is replayed. */
export const stepKind = (command: string, args: Readonly<Record<string, unknown>>): StepKind => {
  if (CHECK_COMMANDS.has(command)) {
    return command === "snapshot" && present(args, "root")
      ? { _tag: "NotReplayable", reason: "a --root drill-down pages a container of an earlier snapshot" }
      : { _tag: "Check" }
  }
  if (LIFECYCLE_COMMANDS.has(command)) return { _tag: "Lifecycle" }
  if ((REF_ACTION_COMMANDS as ReadonlyArray<string>).includes(command) || DESKTOP_WRITES.includes(command)) return { _tag: "Action" }
  if (command === "press" || WINDOW_OPERATIONS.includes(command)) {
    return present(args, "window_id") && !present(args, "app")
      ? { _tag: "NotReplayable", reason: "it names a window by id, and window ids die with their window (name the app instead)" }
      : { _tag: "Action" }
  }
  if (command === "hover") {
    return present(args, "ref_id") ? { _tag: "Action" } : { _tag: "NotReplayable", reason: "it hovers a screen point, not an element" }
  }
  if (command === "drag") {
    return present(args, "from") && present(args, "to")
      ? { _tag: "Action" }
      : { _tag: "NotReplayable", reason: "it drags from or to a screen point, not between elements" }
  }
  if (POINT_ONLY.includes(command)) return { _tag: "NotReplayable", reason: "it acts on a screen point, not an element" }
  if (NOTIFICATION_WRITES.includes(command)) return { _tag: "NotReplayable", reason: "notification indexes do not outlive their notifications" }
  if (HELD_KEYS.includes(command)) return { _tag: "NotReplayable", reason: "held keys always fail closed" }
  return { _tag: "NotReplayable", reason: "it is not a command a replay repeats" }
}
