#!/usr/bin/env node
import * as fs from "node:fs"
import { fileURLToPath } from "node:url"
import { COMMAND_MANIFEST } from "@agent-desktop/contracts/commands"
import { renderClient } from "../generate.js"

// Writes src/generated/commands.ts (or, with --check, exits 1 when it is stale). Progress on stderr.
const target = fileURLToPath(new URL("../../src/generated/commands.ts", import.meta.url))
const expected = renderClient(COMMAND_MANIFEST)
const current = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : ""
if (process.argv.includes("--check")) {
  process.stderr.write(current === expected ? "client: up to date\n" : "client: src/generated/commands.ts is stale (npm run generate in clients/typescript)\n")
  process.exitCode = current === expected ? 0 : 1
} else {
  fs.writeFileSync(target, expected)
  process.stderr.write(`client: ${current === expected ? "unchanged" : "written"} ${target}\n`)
}
