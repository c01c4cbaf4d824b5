// One process, one full read: start, connect, resolve the app's window, read it, exit. Used by bench.mjs.
import * as Effect from "effect/Effect"
import { makeLinuxAdapter } from "../dist/index.js"

const adapter = makeLinuxAdapter()
const window = await Effect.runPromise(adapter.resolveWindow({ app: process.argv[2] }))
const tree = await Effect.runPromise(adapter.readTree(window, { maxDepth: 1000, deadline: Date.now() + 20_000 }))
await Effect.runPromise(adapter.close())
process.stdout.write(JSON.stringify({ nodes: tree.nodesObserved, complete: tree.complete }) + "\n")
