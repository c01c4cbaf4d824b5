#!/usr/bin/env node
import { readFileSync, writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { commandTablesModule } from "../skills/emit/commandTables.js"

// Writes src/skills/commandTables.generated.ts from the command spec; `--check` only reports drift (exit 1).
// Progress goes to stderr; stdout stays empty.
const target = fileURLToPath(new URL("../../src/skills/commandTables.generated.ts", import.meta.url))
const text = commandTablesModule()
let current: string | undefined
try {
  current = readFileSync(target, "utf8")
} catch {
  current = undefined
}
if (process.argv.includes("--check")) {
  process.stderr.write(current === text ? "skills tables: current\n" : `skills tables: stale, run npm run generate in libs/engine\n`)
  process.exitCode = current === text ? 0 : 1
} else {
  if (current !== text) writeFileSync(target, text)
  process.stderr.write(`skills tables: ${current === text ? "unchanged" : "written"}\n`)
}
