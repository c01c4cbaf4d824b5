/**
 * The MCP server as a separate process for tests: src/test/serverProcess.ts bundled with esbuild into an ES module
 * inside this package (so `import.meta.url` and node_modules resolve as in the repo: the X11 addon and better-sqlite3's
 * native part load from their installed packages).
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"

const here = path.dirname(fileURLToPath(import.meta.url))

/** Bundles the server once per test file; returns the script's path (under test-results/, which git ignores). */
export const bundleServer = async (): Promise<string> => {
  const results = path.join(here, "..", "..", "test-results")
  fs.mkdirSync(results, { recursive: true })
  const outDir = fs.mkdtempSync(path.join(results, "server-"))
  const outfile = path.join(outDir, "server.mjs")
  await build({
    entryPoints: [path.join(here, "serverProcess.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile,
    external: ["better-sqlite3"],
    conditions: ["@agent-desktop/source"],
    // Bundled CommonJS dependencies call require(): give the ES module one.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: "error"
  })
  return outfile
}
