/**
 * The store bench's measured process (storeBench.ts), bundled: `call DRIVER` is one CLI call's store work (open,
 * command.start, command.end, close as a one-shot process does); `throughput DRIVER N` appends N single events in
 * N transactions and reads them back, printing the times as JSON. The driver comes from AGENT_DESKTOP_STORE and
 * AGENT_DESKTOP_SQLITE, as in the product; the check below proves the intended one ran.
 */
import { EventStoreCore } from "@agent-desktop/store"

const [mode, driver, countText] = process.argv.slice(2)
const store = EventStoreCore.open({ exitsAfterClose: mode === "call" })
if (store.driver !== driver) throw new Error(`asked for ${driver}, opened ${store.driver}`)
if (mode === "call") {
  const stream = `invocation-bench-${process.pid}`
  store.append(stream, [{ type: "command.start", payload: { command: "click", args: { ref_id: "@s0abc:e1" }, pid: process.pid } }], { busyTimeoutMs: 2000 })
  store.append(stream, [{ type: "command.end", payload: { command: "click", ok: false, code: "SNAPSHOT_NOT_FOUND" } }], { busyTimeoutMs: 2000 })
  store.close()
  process.exit(0)
}
const count = Number(countText)
const t0 = process.hrtime.bigint()
for (let i = 0; i < count; i++) store.append(`bench-${process.pid}`, [{ type: "tick", payload: { i, text: "a typical small payload" } }])
const t1 = process.hrtime.bigint()
const read = store.readStream(`bench-${process.pid}`)
const t2 = process.hrtime.bigint()
if (read.length !== count) throw new Error(`read ${read.length} of ${count}`)
store.close()
process.stdout.write(JSON.stringify({ appendMs: Number(t1 - t0) / 1e6, readMs: Number(t2 - t1) / 1e6 }))
