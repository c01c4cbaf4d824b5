/**
 * One engine process on a shared state root, for the abandoned-invocation sweep's concurrency test (bundled by
 * test/workerBundle.ts: Node 20 cannot run TypeScript).
 * - `hang HOME`: starts `wait 600000` (its `command.start` is written ahead) and never ends; the test kills it -9.
 * - `start HOME GO`: waits until the file GO exists (so every starter runs at once), then runs `version`, whose
 *   start sweeps the invocations dead processes left open.
 */
import { UnsupportedAdapter } from "@agent-desktop/platform"
import { EventStore } from "@agent-desktop/store"
import { Effect, Layer } from "effect"
import * as fs from "node:fs"
import { runCommand } from "../runCommand.js"

const [mode, home, go] = process.argv.slice(2)
const layer = Layer.mergeAll(UnsupportedAdapter, EventStore.layer({ home: home! }))
const run = (command: string, args: Record<string, unknown>) =>
  Effect.runPromise(runCommand({ command, args }).pipe(Effect.provide(layer)))

if (mode === "hang") {
  void run("wait", { ms: 600_000 })
} else if (mode === "start") {
  const tick = new Int32Array(new SharedArrayBuffer(4))
  while (!fs.existsSync(go!)) Atomics.wait(tick, 0, 0, 2)
  void run("version", {}).then((envelope) => {
    process.stdout.write(`${JSON.stringify({ ok: envelope.ok })}\n`)
  })
} else {
  process.stderr.write(`unknown mode ${mode}\n`)
  process.exit(2)
}
