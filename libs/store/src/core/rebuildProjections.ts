/** Drops every projection and replays all events into them, in order (the tests compare it with the live ones). */
import { project } from "../Projections.js"
import { PROJECTION_TABLES } from "../schema/Migration.js"
import { readAll } from "./EventLog.js"
import { type StoreContext, write } from "./StoreContext.js"

const REPLAY_PAGE = 500

export const rebuildProjections = (context: StoreContext): { readonly events: number } =>
  write(context, () => {
    for (const table of PROJECTION_TABLES) context.db.exec(`DELETE FROM ${table}`)
    let after = 0
    let count = 0
    for (;;) {
      const page = readAll(context, after, REPLAY_PAGE)
      if (page.length === 0) break
      for (const event of page) project(context.sql, event)
      count += page.length
      after = page[page.length - 1]!.position
    }
    return { events: count }
  })
