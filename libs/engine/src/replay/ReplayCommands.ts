/**
 * What a replay does with each recorded command (README "Replay"): the command spec's `replay` field, read here.
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
import { COMMANDS, type ManifestCommand } from "@agent-desktop/contracts/commands"

/** Args that hold a ref of a saved snapshot: the replay finds their element by its recorded identity instead. */
export const REF_ARGS = ["ref_id", "from", "to"] as const
export type RefArg = (typeof REF_ARGS)[number]

type ReplaySpec = NonNullable<ManifestCommand["replay"]>

const replayOf = (command: string): ReplaySpec | undefined =>
  Object.hasOwn(COMMANDS, command) ? COMMANDS[command]!.replay : undefined

/** Every command whose invocation records what a replay needs (replay.request): those the spec says how to replay. */
export const RECORDED_COMMANDS: ReadonlySet<string> = new Set(
  Object.keys(COMMANDS).filter((command) => replayOf(command) !== undefined)
)

export type StepKind =
  | { readonly _tag: "Action" }
  | { readonly _tag: "Check" }
  | { readonly _tag: "Lifecycle" }
  | { readonly _tag: "NotReplayable"; readonly reason: string }

const present = (args: Readonly<Record<string, unknown>>, key: string) => args[key] !== undefined && args[key] !== null

const KIND = { action: { _tag: "Action" }, check: { _tag: "Check" }, lifecycle: { _tag: "Lifecycle" } } as const

/** How a recorded command with these (recorded) args is replayed. */
export const stepKind = (command: string, args: Readonly<Record<string, unknown>>): StepKind => {
  const spec = replayOf(command)
  if (spec === undefined) return { _tag: "NotReplayable", reason: "it is not a command a replay repeats" }
  if (spec.as === "refused") return { _tag: "NotReplayable", reason: spec.reason }
  const when = spec.refusedWhen
  if (when !== undefined) {
    const given = (when.present ?? []).every((key) => present(args, key))
    const missing = (when.absent ?? []).length === 0 || (when.absent ?? []).some((key) => !present(args, key))
    if (given && missing) return { _tag: "NotReplayable", reason: when.reason }
  }
  return KIND[spec.as]
}
