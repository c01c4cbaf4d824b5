/** Engine code in separate Node processes: a test worker bundled with esbuild (better-sqlite3 stays a native require). */
import { spawn, type ChildProcess } from "node:child_process"
import { createRequire } from "node:module"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"

const here = path.dirname(fileURLToPath(import.meta.url))
const nodeModules = path.resolve(path.dirname(createRequire(import.meta.url).resolve("better-sqlite3")), "../..")

/** Bundles `src/test/<name>.ts` to `<outDir>/<name>.cjs` and returns its path. */
export const bundleWorker = async (name: string, outDir: string): Promise<string> => {
  const outfile = path.join(outDir, `${name}.cjs`)
  await build({
    entryPoints: [path.join(here, `${name}.ts`)],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    outfile,
    external: ["better-sqlite3"],
    conditions: ["@agent-desktop/source"],
    logLevel: "error"
  })
  return outfile
}

export const spawnWorker = (script: string, args: ReadonlyArray<string>, env: Readonly<Record<string, string>> = {}): ChildProcess =>
  spawn(process.execPath, [script, ...args], { env: { ...process.env, ...env, NODE_PATH: nodeModules }, stdio: ["ignore", "pipe", "pipe"] })

/** Resolves with the exit code and what the worker printed. */
export const finished = (child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> =>
  new Promise((resolve, reject) => {
    let stdout = ""
    let stderr = ""
    child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
    child.on("error", reject)
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }))
  })
