/** A session's folder under the state root: its screenshots (`trace/screens/`) and its default trace export. */
import { EventStore } from "@agent-desktop/store"
import { Effect, Option } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { Invocation } from "../Invocation.js"
import { stateRoot } from "../StoreAccess.js"

export const sessionFolder = (root: string, sessionId: string) => path.join(root, "sessions", sessionId)

/** Remove a gc'd session's folder when it is a real folder (a symlink in its place is left alone); never throws. */
export const removeSessionFolder = (folder: string): void => {
  try {
    if (fs.lstatSync(folder).isDirectory()) fs.rmSync(folder, { recursive: true, force: true })
  } catch {
    // absent, or not ours to remove
  }
}

/** The folder of the invocation's session when that session records artifacts "full" (`--screenshots`). */
export const fullSessionFolder: Effect.Effect<string | undefined, never, Invocation | EventStore> = Effect.gen(function*() {
  const sessionId = (yield* Invocation).options.session
  if (sessionId === undefined) return undefined
  const store = yield* EventStore
  const record = yield* store.getSession(sessionId).pipe(Effect.option, Effect.map(Option.getOrUndefined))
  return record?.artifacts === "full" ? sessionFolder(yield* stateRoot, sessionId) : undefined
})
