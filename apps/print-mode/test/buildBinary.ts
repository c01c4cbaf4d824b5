// Vitest global setup: bundle dist/wave.js from the current sources (about a second), so the spawned binary is
// never stale, and compile tools/fake-model, whose stdio MCP server the MCP tests start from its dist/. Skipped when the
// caller just built both (tools/scripts/test-other-nodes.sh builds once for every Node: AGENT_DESKTOP_TEST_PREBUILT=1).
import { execFileSync } from "node:child_process"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

export default function setup(): void {
  if (process.env["AGENT_DESKTOP_TEST_PREBUILT"] === "1") return
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
  execFileSync(process.execPath, ["build.mjs"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] })
  const tsc = path.resolve(root, "..", "..", "node_modules", "typescript", "bin", "tsc")
  execFileSync(process.execPath, [tsc, "-b", "tsconfig.lib.json"], { cwd: path.resolve(root, "..", "..", "tools", "fake-model"), stdio: ["ignore", "ignore", "inherit"] })
}
