#!/usr/bin/env node
// Starts the fake model by hand for a demo: `node dist/cli.js [script.mjs]`. The module's default export is a
// Script (or a function returning one). Without a script every request gets the streamed reply "Hello from
// fake-model". Prints the base URL on stdout, then serves until SIGINT/SIGTERM.
import { pathToFileURL } from "node:url"
import * as path from "node:path"
import { reply } from "./chunks.js"
import { always } from "./match.js"
import type { Script } from "./Script.js"
import { startFakeModel } from "./server.js"

const load = async (file: string | undefined): Promise<Script> => {
  if (file === undefined) return { rules: [{ name: "default", match: always, reply: reply("Hello from fake-model") }] }
  const module = await import(pathToFileURL(path.resolve(file)).href) as { default: Script | (() => Script) }
  return typeof module.default === "function" ? module.default() : module.default
}

const main = async () => {
  const fake = await startFakeModel(await load(process.argv[2]))
  process.stdout.write(`${fake.url}\n`)
  const stop = () => {
    process.stderr.write(`fake-model: ${fake.requests.length} request(s) served\n`)
    void fake.close().then(() => process.exit(0))
  }
  process.on("SIGINT", stop)
  process.on("SIGTERM", stop)
}

main().catch((error: unknown) => {
  process.stderr.write(`fake-model: ${String(error)}\n`)
  process.exitCode = 1
})
