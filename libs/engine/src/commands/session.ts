import type { ArgsOf } from "@agent-desktop/contracts/commands"
import { Effect } from "effect"
import { InvalidArgs } from "../errors/DesktopError.js"
import { Invocation } from "../Invocation.js"
import { stateRoot, withStore } from "../StoreAccess.js"
import { removeSessionFolder, sessionFolder } from "../trace/SessionFolder.js"
import type { SessionRecord } from "@agent-desktop/store"
import { fleetFilter } from "./fleetFilter.js"

const sessionInfo = (record: SessionRecord) => ({
  session_id: record.session_id,
  name: record.name ?? null,
  created_at: record.created_at,
  ended_at: record.ended_at,
  trace: record.trace,
  artifacts: record.artifacts
})

/** `session start | end [ID] | list | gc`: sessions are projections of session.started/ended events. */
export const session = Effect.fn("session")(function*(args: ArgsOf<"session">) {
  const { action } = args
  const invocation = yield* Invocation
  switch (action) {
    case "start": {
      const { name, no_trace: noTrace, screenshots } = args
      if (noTrace && screenshots) return yield* new InvalidArgs({ message: "--screenshots needs tracing; drop --no-trace" })
      const record = yield* withStore((store) =>
        store.startSession({ ...(name === undefined ? {} : { name }), trace: !noTrace, screenshots })
      )
      const { ended_at: _ended, ...started } = sessionInfo(record)
      return started
    }
    case "end": {
      const id = args.session_id ?? invocation.options.session
      if (id === undefined) {
        return yield* new InvalidArgs({ message: "session end needs a session id", suggestion: "Pass the id session start printed, or --session ID" })
      }
      const record = yield* withStore((store) => store.endSession(id))
      return { session_id: record.session_id, ended_at: record.ended_at ?? 0 }
    }
    case "list": {
      const filter = fleetFilter(args)
      const sessions = yield* withStore((store) => store.listSessions(filter))
      return { sessions: sessions.map(sessionInfo) }
    }
    case "gc": {
      const { older_than: olderThan, ended } = args
      const removed = yield* withStore((store) =>
        store.gcSessions({ ...(olderThan === undefined ? {} : { olderThanMs: olderThan * 1000 }), ...(ended ? { ended } : {}) })
      )
      // The removed sessions' folders too (screenshots, exports); a symlink there is never followed.
      const root = yield* stateRoot
      for (const id of removed) removeSessionFolder(sessionFolder(root, id))
      return { removed }
    }
    default:
      return yield* new InvalidArgs({ message: `Unknown session action '${action}'`, suggestion: "Use session start, end, list or gc" })
  }
})
