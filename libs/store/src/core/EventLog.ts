/**
 * The append-only event log: per-stream gapless seqs assigned inside the appending transaction, projections
 * updated in the same transaction (Projections.ts), reads by stream, by position and by stream prefix.
 */
import { compactRefMapJson, isCompactRefMap } from "../CompactRefMap.js"
import { project } from "../Projections.js"
import { StoreFailure, StreamConflict } from "../StoreErrors.js"
import type { AppendOptions, AppendResult, NewEvent, OpenInvocation, StoredEvent } from "../StoreTypes.js"
import { isStoreOwnedStream } from "../Streams.js"
import { limitClause, prefixParams, read, type StoreContext, write } from "./StoreContext.js"

export interface EventRow {
  position: number
  stream: string
  seq: number
  type: string
  payload: string
  time_ms: number
  session_id: string | null
  host: string | null
  desktop: string | null
}

export const EVENT_COLUMNS = "position, stream, seq, type, payload, time_ms, session_id, host, desktop"

export const toEvent = (row: EventRow): StoredEvent => ({
  position: row.position,
  stream: row.stream,
  seq: row.seq,
  type: row.type,
  payload: JSON.parse(row.payload) as unknown,
  time_ms: row.time_ms,
  ...(row.session_id === null ? {} : { session_id: row.session_id }),
  ...(row.host === null ? {} : { host: row.host }),
  ...(row.desktop === null ? {} : { desktop: row.desktop })
})

const toEvents = (rows: ReadonlyArray<unknown>): Array<StoredEvent> => rows.map((row) => toEvent(row as EventRow))

/**
 * Stands for a compact RefMap in a payload's JSON until its own JSON takes its place: random per process, so no
 * string a payload carries can be taken for it (not node:crypto, which costs every one-shot call its load).
 */
let refMapMark: string | undefined

/**
 * A payload's JSON. A compact RefMap inside it (a snapshot's, ~0.5 MB on a 5,000-node page) is written from the
 * JSON already made for its size check (compactRefMapJson), not serialised a second time.
 */
const payloadJson = (payload: unknown): string => {
  const maps: Array<string> = []
  const json = JSON.stringify(payload, (_key, value: unknown) => {
    if (!isCompactRefMap(value)) return value
    refMapMark ??= `refmap-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}-`
    maps.push(compactRefMapJson(value))
    return `${refMapMark}${maps.length - 1}`
  })
  if (maps.length === 0) return json
  return json.replace(new RegExp(`"${refMapMark}(\\d+)"`, "g"), (_mark, index: string) => maps[Number(index)]!)
}

/** Inserts the events after the stream's last seq and projects each; call inside a write transaction. */
export const appendInTransaction = (
  context: StoreContext,
  stream: string,
  events: ReadonlyArray<NewEvent>,
  options: AppendOptions
): AppendResult => {
  const last = Number(context.sql.get(`SELECT COALESCE(MAX(seq), 0) AS last FROM events WHERE stream = ?`).get(stream)!["last"])
  if (options.expectedSeq !== undefined && options.expectedSeq !== last) {
    throw new StreamConflict({
      message: `stream '${stream}' is at seq ${last}, not ${options.expectedSeq}: another writer appended first`,
      stream,
      expectedSeq: options.expectedSeq,
      actualSeq: last
    })
  }
  const insert = context.sql.get(
    `INSERT INTO events (stream, seq, type, payload, time_ms, session_id, host, desktop) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING position`
  )
  const { host, desktop } = context.origin
  const stored = events.map((event, i): StoredEvent => {
    const seq = last + 1 + i
    const time_ms = event.time_ms ?? context.now()
    const payload = payloadJson(event.payload ?? null)
    const inserted = insert.get(stream, seq, event.type, payload, time_ms, options.session_id ?? null, host, desktop)!
    const record: StoredEvent = {
      position: Number(inserted["position"]),
      stream,
      seq,
      type: event.type,
      // The caller's value, not a parse of what was written: parsing a snapshot's RefMap back cost a warm
      // snapshot ~2 ms a call. Payloads are plain JSON data, so both read alike.
      payload: event.payload ?? null,
      time_ms,
      ...(options.session_id === undefined ? {} : { session_id: options.session_id }),
      host,
      ...(desktop === null ? {} : { desktop })
    }
    project(context.sql, record)
    return record
  })
  return { stream, events: stored }
}

/** Any stream but the store's own (`snapshot-*`, `session-*`), which only their repositories write. */
export const append = (context: StoreContext, stream: string, events: ReadonlyArray<NewEvent>, options: AppendOptions = {}): AppendResult => {
  if (isStoreOwnedStream(stream)) {
    throw new StoreFailure({ message: `Stream '${stream}' belongs to the store; use its snapshot and session methods`, cause: stream })
  }
  return write(
    context,
    () => appendInTransaction(context, stream, events, options),
    options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs }
  )
}

export const readStream = (context: StoreContext, stream: string, fromSeq = 1): ReadonlyArray<StoredEvent> =>
  read(() => toEvents(context.sql.get(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream = ? AND seq >= ? ORDER BY seq`).all(stream, fromSeq)))

export const readAll = (context: StoreContext, afterPosition = 0, limit = -1): ReadonlyArray<StoredEvent> =>
  read(() => {
    const statement = context.sql.get(`SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? ORDER BY position${limitClause(limit)}`)
    return toEvents(limit < 0 ? statement.all(afterPosition) : statement.all(afterPosition, limit))
  })

/**
 * The stream with this prefix that this machine appended to most recently (e.g. "wave-" for `wave -c`): on a store
 * shared by many machines, `wave -c` continues this machine's conversation, not another's. Events written before
 * machines were recorded count as this machine's.
 */
export const latestStream = (context: StoreContext, prefix: string): string | undefined =>
  read(() => {
    const row = context.sql.get(
      `SELECT stream FROM events WHERE substr(stream, 1, ?) = ? AND (host = ? OR host IS NULL) ORDER BY position DESC LIMIT 1`
    ).get(...prefixParams(prefix), context.origin.host)
    return row === undefined ? undefined : String(row["stream"])
  })

/** Invocations that started and never ended: still running elsewhere, or left open by a crash or a kill. */
export const openInvocations = (context: StoreContext): ReadonlyArray<OpenInvocation> =>
  read(() =>
    context.sql.get(`SELECT stream, pid, started_position, host FROM open_invocations ORDER BY started_position`).all().map((row) => ({
      stream: String(row["stream"]),
      pid: Number(row["pid"]),
      started_position: Number(row["started_position"]),
      ...(row["host"] === null || row["host"] === undefined ? {} : { host: String(row["host"]) })
    }))
  )
