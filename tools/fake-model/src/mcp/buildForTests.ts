// Vitest global setup: compile the package (seconds), so the stdio MCP server entry in dist/ is current.
import { execFileSync } from "node:child_process"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

export default function setup(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..")
  execFileSync(process.execPath, [path.join(root, "..", "..", "node_modules", "typescript", "bin", "tsc"), "-b", "tsconfig.lib.json"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"]
  })
}
