// Spawns the real `wave` binary with stdout and stderr on pipes, against a fake model, in a private temp HOME.
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { type FakeModel, type Script, startFakeModel } from "@agent-desktop/fake-model"
import { expectValidEvent, expectValidResult } from "./schemas.js"

const here = path.dirname(fileURLToPath(import.meta.url))
export const WAVE_BIN = path.resolve(here, "..", "bin", "wave.js")

export interface WaveRun {
  readonly stdout: string
  readonly stderr: string
  readonly code: number | null
  /** stdout split into non-empty lines, each parsed as JSON (throws if one is not JSON). */
  readonly lines: () => Array<Record<string, any>>
}

export interface RunOptions {
  readonly env?: Record<string, string | undefined>
  readonly cwd?: string
  /** Do not read stdout for this long (a slow pipe consumer). */
  readonly slowReaderMs?: number
  /** Called once the process is spawned (signals). */
  readonly onSpawn?: (child: ReturnType<typeof spawn>) => void
  /** Written to wave's stdin, which is then closed (default: stdin is /dev/null). */
  readonly stdin?: string
  /** stdin is a pipe nobody writes to, closed only once wave exited. */
  readonly silentStdin?: boolean
}

export const makeHome = (): string => fs.mkdtempSync(path.join(os.tmpdir(), "wave-e2e-"))

export const runWave = (args: ReadonlyArray<string>, fake: { url: string } | undefined, options: RunOptions = {}) =>
  new Promise<WaveRun>((resolve, reject) => {
    const home = options.cwd ?? makeHome()
    const env: Record<string, string | undefined> = {
      PATH: process.env["PATH"],
      HOME: home,
      AGENT_DESKTOP_HOME: path.join(home, ".agent-desktop"),
      WAVE_BASE_URL: fake?.url,
      WAVE_API_KEY: "test-key",
      WAVE_MODEL: "main-m",
      WAVE_MAX_RETRIES: "2",
      WAVE_RETRY_BASE_MS: "5",
      WAVE_DISABLE_DESKTOP: "1",
      ...options.env
    }
    for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key]
    const piped = options.stdin !== undefined || options.silentStdin === true
    const child = spawn(process.execPath, [WAVE_BIN, ...args], {
      cwd: home,
      env: env as NodeJS.ProcessEnv,
      stdio: [piped ? "pipe" : "ignore", "pipe", "pipe"]
    })
    options.onSpawn?.(child)
    if (options.stdin !== undefined) child.stdin!.end(options.stdin)
    if (options.silentStdin === true) child.on("exit", () => child.stdin!.end())
    child.stdin?.on("error", () => {})
    const out: Array<Buffer> = []
    const err: Array<Buffer> = []
    if (options.slowReaderMs !== undefined) {
      // A 'readable' listener that never reads: the stream buffers one high-water mark and then stops reading the
      // pipe, so wave meets real backpressure; unlike a bare pause(), Node does not discard the data at exit.
      const hold = () => {}
      child.stdout!.on("readable", hold)
      setTimeout(() => {
        child.stdout!.off("readable", hold)
        child.stdout!.on("data", (part: Buffer) => out.push(part))
        child.stdout!.resume()
      }, options.slowReaderMs)
    } else child.stdout!.on("data", (part: Buffer) => out.push(part))
    child.stderr!.on("data", (part: Buffer) => err.push(part))
    child.on("error", reject)
    child.on("close", (code) => {
      const stdout = Buffer.concat(out).toString("utf8")
      // Every structured line any test sees is validated against the published schemas.
      const format = args[args.indexOf("--output-format") + 1]
      if (args.includes("--output-format") && (format === "json" || format === "stream-json")) {
        try {
          for (const line of stdout.split("\n").filter((l) => l.length > 0)) {
            const parsed: unknown = JSON.parse(line)
            if (format === "json") expectValidResult(parsed)
            else expectValidEvent(parsed)
          }
        } catch (error) {
          reject(error)
          return
        }
      }
      resolve({
        stdout,
        stderr: Buffer.concat(err).toString("utf8"),
        code,
        lines: () => stdout.split("\n").filter((line) => line.length > 0).map((line) => JSON.parse(line))
      })
    })
  })

/** Runs `body` with a fake model built from `script`, closing it afterwards. */
export const withFake = async <A>(script: Script, body: (fake: FakeModel) => Promise<A>): Promise<A> => {
  const fake = await startFakeModel(script)
  try {
    return await body(fake)
  } finally {
    await fake.close()
  }
}
