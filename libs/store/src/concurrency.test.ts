import { assert, describe, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { BACKENDS, useBackend } from "../test/backends.js"
import { removeHome, tempHome } from "../test/fixtures.js"
import { bundleWorker, run } from "../test/workerProcess.js"
import { EventStoreCore } from "./EventStoreCore.js"

const WORKERS = 16
const EVENTS_PER_WORKER = 40

describe.each(BACKENDS)("many processes, one store on %s", (backendName) => {
  const backend = useBackend(backendName)
  // SQLite: one machine's file. PostgreSQL: two "machines" (their own state roots and host names) on one database.
  const machines = backendName === "postgres" ? ["machine-a", "machine-b"] : ["machine-a"]

  it(`${WORKERS} concurrent writers on ${machines.length} machine(s) lose nothing, duplicate nothing and leave gapless seqs`, async () => {
    const target = await backend.fresh()
    const homes = machines.map(() => tempHome())
    const bundleDir = fs.mkdtempSync(path.join(os.tmpdir(), "ad-worker-"))
    try {
      const script = await bundleWorker(bundleDir)
      const machineOf = (w: number) => w % machines.length
      const results = await Promise.all(
        Array.from({ length: WORKERS }, (_, w) =>
          run(script, [homes[machineOf(w)]!, String(w), String(EVENTS_PER_WORKER)], {
            AGENT_DESKTOP_STORE: target.store,
            AGENT_DESKTOP_MACHINE: machines[machineOf(w)]!
          }))
      )
      for (const result of results) assert.strictEqual(result.code, 0, result.stderr)

      const store = EventStoreCore.open({ home: homes[0]!, store: target.store })
      const shared = store.readStream("shared")
      assert.strictEqual(shared.length, WORKERS * EVENTS_PER_WORKER)
      assert.deepStrictEqual(shared.map((e) => e.seq), Array.from({ length: shared.length }, (_, i) => i + 1))
      const seen = new Map<string, number>()
      for (const event of shared) seen.set(JSON.stringify(event.payload), (seen.get(JSON.stringify(event.payload)) ?? 0) + 1)
      for (let w = 0; w < WORKERS; w++) {
        for (let i = 0; i < EVENTS_PER_WORKER; i++) assert.strictEqual(seen.get(JSON.stringify({ worker: w, i })), 1, `worker ${w} event ${i}`)
        const own = store.readStream(`invocation-w${w}`)
        assert.deepStrictEqual(own.map((e) => e.seq), Array.from({ length: EVENTS_PER_WORKER }, (_, i) => i + 1))
        assert.isTrue(own.every((e) => e.host === machines[machineOf(w)]), "each event records the machine that wrote it")
      }
      const all = store.readAll()
      const positions = all.map((e) => e.position)
      assert.strictEqual(new Set(positions).size, positions.length)
      // Positions follow commit order: along them, every stream's seqs only go up.
      const lastSeq = new Map<string, number>()
      for (const event of all) {
        assert.isAbove(event.seq, lastSeq.get(event.stream) ?? 0, `${event.stream} at position ${event.position}`)
        lastSeq.set(event.stream, event.seq)
      }
      for (const machine of machines) {
        assert.strictEqual(shared.filter((e) => e.host === machine).length, (WORKERS / machines.length) * EVENTS_PER_WORKER)
      }
      assert.isDefined(store.latestSnapshotId("global"))
      store.close()
    } finally {
      homes.forEach(removeHome)
      backend.cleanup()
      fs.rmSync(bundleDir, { recursive: true, force: true })
    }
  }, 240_000)
})
