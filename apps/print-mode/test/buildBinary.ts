// Vitest global setup: bundle dist/wave.js from the current sources (about a second), so the spawned binary is
// never stale.
import { execFileSync } from "node:child_process"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

export default function setup(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
  execFileSync(process.execPath, ["build.mjs"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] })
}
