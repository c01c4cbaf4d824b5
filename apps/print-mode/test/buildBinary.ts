// Vitest global setup: bundle dist/wave.js from the current sources (about a second), so the spawned binary is
// never stale, and compile tools/fake-model, whose stdio MCP server the MCP tests start from its dist/.
import { execFileSync } from "node:child_process"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

export default function setup(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
  execFileSync(process.execPath, ["build.mjs"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] })
  const tsc = path.resolve(root, "..", "..", "node_modules", "typescript", "bin", "tsc")
  execFileSync(process.execPath, [tsc, "-b", "tsconfig.lib.json"], { cwd: path.resolve(root, "..", "..", "tools", "fake-model"), stdio: ["ignore", "ignore", "inherit"] })
}
