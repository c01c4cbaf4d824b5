import { validateEnvelope } from "@agent-desktop/contract-check"
import { spawn, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

export const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../bin/agent-desktop.js")

export interface RunResult {
  readonly exit: number
  readonly stdout: string
  readonly stderr: string
}

/** A private state root for one test file. */
export const tempHome = (label: string): string => fs.mkdtempSync(path.join(os.tmpdir(), `ad-${label}-`))

/** The binary's environment: no desktop buses, so results never depend on the machine the tests run on. */
export const cleanEnv = (home: string, extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { PATH: process.env["PATH"], HOME: process.env["HOME"], AGENT_DESKTOP_HOME: home, ...extra }
  return env
}

export const runBinary = (argv: ReadonlyArray<string>, env: NodeJS.ProcessEnv): RunResult => {
  const result = spawnSync(process.execPath, [BIN, ...argv], { env, encoding: "utf8", timeout: 30_000 })
  return { exit: result.status ?? -1, stdout: result.stdout, stderr: result.stderr }
}

export const runBinaryAsync = (argv: ReadonlyArray<string>, env: NodeJS.ProcessEnv): Promise<RunResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], { env })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk) => (stdout += chunk))
    child.stderr.on("data", (chunk) => (stderr += chunk))
    child.on("error", reject)
    child.on("close", (code) => resolve({ exit: code ?? -1, stdout, stderr }))
  })

/**
 * The envelope contract: exactly one line on stdout, JSON, valid against the strict schema of its version, and
 * an exit code that agrees with it. Returns the envelope.
 */
export const envelopeOf = (result: RunResult): Record<string, any> => {
  const lines = result.stdout.split("\n")
  if (lines.length !== 2 || lines[1] !== "") throw new Error(`expected exactly one line on stdout, got ${JSON.stringify(result.stdout)}`)
  const envelope = JSON.parse(lines[0]!) as Record<string, any>
  const validation = validateEnvelope(envelope["version"], envelope, { strict: true })
  if (!validation.valid) {
    throw new Error(`invalid ${String(envelope["version"])} envelope ${lines[0]}: ${JSON.stringify(validation.errors.slice(0, 5))}`)
  }
  const expectedExit = envelope["ok"] === true ? [0] : envelope["error"]?.["code"] === "INVALID_ARGS" ? [1, 2] : [1]
  if (!expectedExit.includes(result.exit)) throw new Error(`exit ${result.exit} disagrees with ${lines[0]}`)
  return envelope
}
