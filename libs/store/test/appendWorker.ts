// A separate process appending to a shared store: one transaction per event, interleaving with 15 siblings.
// With a fourth argument `exits`, it closes the store as the one-shot CLI does (exitsAfterClose) and exits at once.
import { EventStoreCore } from "../src/EventStoreCore.js"

const [home, worker, countText, mode] = process.argv.slice(2)
const count = Number(countText)
const exits = mode === "exits"
const store = EventStoreCore.open({ home: home!, ...(exits ? { exitsAfterClose: true } : {}) })
for (let i = 0; i < count; i++) {
  store.append("shared", [{ type: "tick", payload: { worker: Number(worker), i } }])
  store.append(`invocation-w${worker}`, [{ type: "tick", payload: { i } }])
  if (i % 10 === 0) store.saveSnapshot("global", {
    snapshot_id: `s${worker}x${i}`,
    app: "fixture",
    window: { id: "w", title: "t" },
    refs: {},
    counter: 0,
    complete: true,
    identity_unproven: false
  })
}
store.close()
process.stdout.write("done\n")
if (exits) process.exit(0)
