/**
 * The other half of artifacts "full" (`session start --screenshots`): each snapshot a `snapshot` or `find` saves is
 * also copied, as the store holds it (refs with their identity, never a text field's contents), to a new 0600 JSON
 * file in the session's `trace/refmaps/`, named by a `refmap.copied` event, so a trace export's folder shows what
 * every ref meant. Never fails the command: a copy that cannot be made is `refmap.skipped` with a reason.
 */
import { SNAPSHOT_SAVING_COMMANDS } from "@agent-desktop/contracts/vocabulary"
import type { DesktopAdapter } from "@agent-desktop/platform"
import type { EventStore } from "@agent-desktop/store"
import { Cause, Effect, Exit } from "effect"
import * as path from "node:path"
import type { DesktopError } from "../errors/DesktopError.js"
import { Invocation } from "../Invocation.js"
import { loadSnapshot } from "../StoreAccess.js"
import { writeArtifact } from "./Screens.js"
import { fullSessionFolder } from "./SessionFolder.js"

export const REFMAPS_FOLDER = path.join("trace", "refmaps")
export const REFMAP_COPIED = "refmap.copied"
export const REFMAP_SKIPPED = "refmap.skipped"

const SAVING_COMMANDS: ReadonlySet<string> = new Set(SNAPSHOT_SAVING_COMMANDS)

const snapshotIdOf = (data: unknown): string | undefined => {
  const id = (data as { snapshot_id?: unknown } | undefined)?.snapshot_id
  return typeof id === "string" ? id : undefined
}

/** Copy the refmap `run` saved (its result's `snapshot_id`) when the session records artifacts "full". */
export const withRefmapCopy = <A, R>(
  command: string,
  run: Effect.Effect<A, DesktopError, R>
): Effect.Effect<A, DesktopError, R | Invocation | EventStore | DesktopAdapter> =>
  Effect.gen(function*() {
    if (!SAVING_COMMANDS.has(command)) return yield* run
    const folder = yield* fullSessionFolder
    if (folder === undefined) return yield* run
    const result = yield* run
    const snapshotId = snapshotIdOf(result)
    if (snapshotId === undefined) return result
    const invocation = yield* Invocation
    if (invocation.options.readOnly === true) {
      invocation.record(REFMAP_SKIPPED, { snapshot_id: snapshotId, reason: "read_only" })
      return result
    }
    const saved = yield* Effect.exit(loadSnapshot(invocation.namespace, snapshotId))
    if (Exit.isFailure(saved)) {
      invocation.record(REFMAP_SKIPPED, { snapshot_id: snapshotId, reason: `store: ${Cause.squash(saved.cause)}` })
      return result
    }
    const json = Buffer.from(JSON.stringify(saved.value))
    const name = `${invocation.id}-${snapshotId}.json`
    const written = Effect.tryPromise(() => writeArtifact(path.join(folder, REFMAPS_FOLDER), name, json))
    const exit = yield* Effect.exit(written)
    if (Exit.isFailure(exit)) {
      invocation.record(REFMAP_SKIPPED, { snapshot_id: snapshotId, reason: "write_failed", message: String(Cause.squash(exit.cause)) })
      return result
    }
    invocation.record(REFMAP_COPIED, {
      snapshot_id: snapshotId,
      file: path.join(REFMAPS_FOLDER, name),
      bytes: json.byteLength,
      ref_count: Object.keys(saved.value.refs).length
    })
    return result
  })
