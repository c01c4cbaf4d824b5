import { validateEnvelope } from "@agent-desktop/contract-check"
import { spawn, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { hostSocketPath } from "../host/HostAddress.js"

export const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../bin/agent-desktop.js")
/** The installed command: a shell launcher that runs the warm host's native client (native/hostClient.c). */
export const LAUNCHER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../bin/agent-desktop")
/** The native client itself, built by scripts/build-host-client.mjs. */
export const NATIVE_CLIENT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../build/agent-desktop-host-client")

/** How a test starts the CLI: Node with the entry (whose host client is src/host/HostClient.ts), or the launcher. */
export type Client = readonly [string, ...Array<string>]
export const NODE: Client = [process.execPath, BIN]
export const NATIVE: Client = [LAUNCHER]

/**
 * A `node` first on PATH that counts its starts: the native client runs Node only when no host serves the call, so
 * this tells a call the host served from one the native client handed back to Node (whose own client reached it).
 */
export const countingNode = () => {
  const dir = tempHome("node-shim")
  const log = path.join(dir, "starts")
  fs.writeFileSync(path.join(dir, "node"), `#!/bin/sh\necho start >> '${log}'\nexec '${process.execPath}' "$@"\n`, { mode: 0o755 })
  return {
    env: (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({ ...env, PATH: `${dir}:${env["PATH"]}` }),
    starts: () => (fs.existsSync(log) ? fs.readFileSync(log, "utf8").split("\n").length - 1 : 0)
  }
}

export interface RunResult {
  readonly exit: number
  readonly stdout: string
  readonly stderr: string
}

/** A private state root for one test file. */
export const tempHome = (label: string): string => fs.mkdtempSync(path.join(os.tmpdir(), `ad-${label}-`))

/**
 * The binary's environment: no desktop buses, so results never depend on the machine the tests run on, and one-shot
 * (AGENT_DESKTOP_HOST=off): a test that adds a desktop gets no warm host started behind its back.
 */
export const cleanEnv = (home: string, extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { PATH: process.env["PATH"], HOME: process.env["HOME"], AGENT_DESKTOP_HOME: home, AGENT_DESKTOP_HOST: "off", ...extra }
  return env
}

/** As `cleanEnv`, with warm hosts in play as they are by default (no AGENT_DESKTOP_HOST): for the host's own tests. */
export const hostEnv = (home: string, extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv => {
  const { AGENT_DESKTOP_HOST: _off, ...env } = cleanEnv(home)
  return { ...env, ...extra }
}

export const runBinary = (argv: ReadonlyArray<string>, env: NodeJS.ProcessEnv, client: Client = NODE, timeoutMs = 30_000): RunResult => {
  const result = spawnSync(client[0], [...client.slice(1), ...argv], { env, encoding: "utf8", timeout: timeoutMs })
  return { exit: result.status ?? -1, stdout: result.stdout, stderr: result.stderr }
}

export const runBinaryAsync = (argv: ReadonlyArray<string>, env: NodeJS.ProcessEnv, client: Client = NODE): Promise<RunResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(client[0], [...client.slice(1), ...argv], { env })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk) => (stdout += chunk))
    child.stderr.on("data", (chunk) => (stderr += chunk))
    child.on("error", reject)
    child.on("close", (code) => resolve({ exit: code ?? -1, stdout, stderr }))
  })

/** Exactly one line on stdout, a JSON envelope valid against the strict schema of its version (any exit code). */
export const oneEnvelope = (stdout: string): Record<string, any> => {
  const lines = stdout.split("\n")
  if (lines.length !== 2 || lines[1] !== "") throw new Error(`expected exactly one line on stdout, got ${JSON.stringify(stdout.slice(0, 2000))}`)
  const envelope = JSON.parse(lines[0]!) as Record<string, any>
  const validation = validateEnvelope(envelope["version"], envelope, { strict: true })
  if (!validation.valid) {
    throw new Error(`invalid ${String(envelope["version"])} envelope ${lines[0]}: ${JSON.stringify(validation.errors.slice(0, 5))}`)
  }
  return envelope
}

/**
 * The envelope contract: exactly one line on stdout, JSON, valid against the strict schema of its version, and
 * an exit code that agrees with it. Returns the envelope.
 */
export const envelopeOf = (result: RunResult): Record<string, any> => {
  const envelope = oneEnvelope(result.stdout)
  const lines = result.stdout.split("\n")
  const expectedExit = envelope["ok"] === true ? [0] : envelope["error"]?.["code"] === "INVALID_ARGS" ? [1, 2] : [1]
  if (!expectedExit.includes(result.exit)) throw new Error(`exit ${result.exit} disagrees with ${lines[0]}`)
  return envelope
}

/**
 * The socket of the warm host for this environment's binding (state root and desktop): `engine-<key>.sock` in the
 * private runtime directory (host/RuntimeDirectory.ts), where one is or would be listening.
 */
export const hostSocketIn = (env: NodeJS.ProcessEnv): string => hostSocketPath(env) ?? "/nonexistent/agent-desktop-runtime/engine.sock"
