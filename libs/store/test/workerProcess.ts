/** Store code in a separate Node process: the append worker, bundled (Node 20 cannot run TypeScript). */
import { spawn } from "node:child_process"
import { createRequire } from "node:module"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"

const here = path.dirname(fileURLToPath(import.meta.url))
export const nodeModules = path.resolve(path.dirname(createRequire(import.meta.url).resolve("better-sqlite3")), "../..")

/** Node 20 cannot run TypeScript, so the worker is bundled first (better-sqlite3 stays a real native require). */
export const bundleWorker = async (outDir: string): Promise<string> => {
  const outfile = path.join(outDir, "appendWorker.cjs")
  await build({
    entryPoints: [path.join(here, "../test/appendWorker.ts")],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    outfile,
    external: ["better-sqlite3", "pg"],
    conditions: ["@agent-desktop/source"],
    logLevel: "error"
  })
  return outfile
}

export const run = (
  script: string,
  args: ReadonlyArray<string>,
  env: Readonly<Record<string, string>> = {}
): Promise<{ code: number | null; stderr: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: { ...process.env, ...env, NODE_PATH: nodeModules },
      stdio: ["ignore", "ignore", "pipe"]
    })
    let stderr = ""
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
    child.on("error", reject)
    child.on("close", (code) => resolve({ code, stderr }))
  })

