/**
 * The worker thread that owns the PostgreSQL connection (`pg` is asynchronous; the store is synchronous). It is
 * deliberately dumb: run one query, post the rows or the error, wake the waiting thread. Transactions, locks and
 * retries are decided on the calling side (PostgresDriver.ts), where they are typed and tested.
 *
 * Kept as source text and started with `eval`, so the same code runs from the TypeScript sources (tests), the
 * compiled library and the CLI's bundle, wherever those files end up. `pg` is loaded from the path the caller
 * resolved. A lost connection is dropped; the next query opens a new one only when the caller allows it
 * (`reconnect`): inside a transaction it must not, or its remaining statements would run, committed one by one, on
 * a connection that never saw its start.
 */
export const PG_WORKER_SOURCE = String.raw`
"use strict"
const { workerData } = require("node:worker_threads")
const { port, signal, pgPath, config } = workerData
const flag = new Int32Array(signal)
// A worker that cannot load pg still answers every request (with that error): a silent one would leave its caller
// waiting out the whole call budget.
let pg = null
let loadError = null
try {
  pg = require(pgPath)
} catch (error) {
  loadError = error
}
// int8 as a number (positions, times and counts stay far below 2^53); json as its text, parsed by the store.
const INT8 = 20, JSON_OID = 114
const types = {
  getTypeParser: (oid, format) =>
    oid === INT8 ? (value) => Number(value) : oid === JSON_OID ? (value) => value : pg.types.getTypeParser(oid, format)
}
let client = null
const connection = async (reconnect) => {
  if (client !== null) return client
  if (!reconnect) {
    const error = new Error("the connection was lost in the middle of a transaction, which the server rolled back")
    error.code = "08003"
    throw error
  }
  const opened = new pg.Client({ ...config, types })
  const drop = () => { if (client === opened) client = null }
  opened.on("error", drop)
  opened.on("end", drop)
  await opened.connect()
  client = opened
  return opened
}
const failure = (error) => ({
  message: String((error && error.message) || error),
  code: error && typeof error.code === "string" ? error.code : undefined,
  detail: error && typeof error.detail === "string" ? error.detail : undefined,
  // The connection is gone (the server closed it, the socket broke): pg gives no code for some of these.
  lost: client === null
})
const answer = (reply) => {
  port.postMessage(reply)
  Atomics.store(flag, 0, 1)
  Atomics.notify(flag, 0)
}
port.on("message", async (request) => {
  try {
    if (loadError !== null) throw new Error("cannot load the pg package: " + String(loadError && loadError.message || loadError))
    if (request.op === "end") {
      const open = client
      client = null
      if (open !== null) await open.end()
      answer({ ok: true, rows: [], pid: 0 })
      return
    }
    const open = await connection(request.reconnect !== false)
    const result = await open.query(request.values === undefined
      ? request.text
      : { text: request.text, values: request.values, ...(request.name === undefined ? {} : { name: request.name }) })
    const last = Array.isArray(result) ? result[result.length - 1] : result
    answer({ ok: true, rows: last.rows, rowCount: last.rowCount, pid: open.processID })
  } catch (error) {
    answer({ ok: false, error: failure(error) })
  }
})
`
