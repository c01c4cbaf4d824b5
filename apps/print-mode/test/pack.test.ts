// The published shape of wave (@agent-desktop/print-mode): the bundle packed with npm together with the packages it
// depends on (the optional X11 addon and what that needs), installed from the tarballs into an empty project, then
// run there with `npx wave` against the fake model server on 127.0.0.1, outside the monorepo.
import { execFileSync, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { finish, match, reply, sse, toolCall } from "@agent-desktop/fake-model"
import { afterAll, describe, expect, it } from "vitest"
import { installInto, isolatedTempDir, pack, REPO, sqlitePrebuilds, workspaceDependencies } from "@agent-desktop/desktop"
import { withFake } from "./runWave.js"
import { expectValidEvent, expectValidResult } from "./schemas.js"

const work = isolatedTempDir("wave-pack")
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

const PACKAGES = ["contracts", "libs/platform", "libs/platform-linux-x11", "apps/print-mode"] as const

/** `npx wave ...` in the consumer project, against `url`: stdout, its lines, exit code. */
const npxWave = (project: string, args: ReadonlyArray<string>, url?: string) =>
  new Promise<{ exit: number | null; stdout: string; stderr: string; lines: Array<string> }>((resolve, reject) => {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env["PATH"],
      HOME: project,
      npm_config_update_notifier: "false",
      AGENT_DESKTOP_HOME: path.join(work, "state"),
      WAVE_API_KEY: "test-key",
      WAVE_MODEL: "main-m",
      WAVE_MAX_RETRIES: "1",
      ...(url === undefined ? {} : { WAVE_BASE_URL: url })
    }
    const child = spawn("npx", ["--offline", "wave", ...args], { cwd: project, env, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk) => (stdout += chunk))
    child.stderr.on("data", (chunk) => (stderr += chunk))
    child.on("error", reject)
    child.on("close", (exit) => resolve({ exit, stdout, stderr, lines: stdout.split("\n").filter((line) => line.length > 0) }))
  })

describe("npx wave from packed tarballs", () => {
  it("packs the bundle with real dependencies, installs into an empty project and runs a task there", async () => {
    execFileSync(process.execPath, [path.join(REPO, "node_modules/typescript/bin/tsc"), "-b", "contracts/tsconfig.lib.json", "libs/platform/tsconfig.lib.json", "libs/platform-linux-x11/tsconfig.lib.json"], { cwd: REPO })
    const packed = PACKAGES.map((dir) => pack(dir, work))
    const wave = packed.at(-1)!
    expect(wave.files).toEqual(expect.arrayContaining(["bin/wave.js", "dist/wave.js"]))
    expect(wave.files.some((file) => file.startsWith("dist/chunks/"))).toBe(true)
    // Only the bundle ships: tsc's per-module output imports workspace packages that are not published.
    expect(wave.files.filter((file) => file.startsWith("src/") || file.endsWith(".ts") || file === "dist/index.js")).toEqual([])
    const versions = new Map(packed.map((p) => [p.name, p.manifest["version"]]))
    for (const p of packed) {
      expect(p.manifest["private"]).toBeUndefined()
      for (const [name, range] of workspaceDependencies(p)) expect(`${p.name} -> ${name}@${range}`).toBe(`${p.name} -> ${name}@${versions.get(name)}`)
    }

    const project = path.join(work, "consumer")
    const installMs = installInto(project, packed.map((p) => p.filename), sqlitePrebuilds(work))
    process.stderr.write(`wave pack test: npm install of ${packed.length} tarballs took ${installMs} ms\n`)
    expect(fs.existsSync(path.join(project, "node_modules/better-sqlite3/build/Release/obj.target"))).toBe(false)

    const help = await npxWave(project, ["--help"])
    expect(help.exit).toBe(0)
    expect(help.stdout).toMatch(/^Usage: wave -p/)

    // A task whose model calls the desktop `list_apps` tool (the engine and SQLite from the installed packages; no
    // desktop here, so the engine answers with an error envelope), then answers.
    await withFake({
      rules: [
        { name: "answer", match: match.lastIsToolResult, reply: reply("Status read.") },
        { name: "tool", match: match.always, reply: sse([toolCall({ id: "list_1", name: "list_apps", args: {} }), finish("tool_calls")]) }
      ]
    }, async (fake) => {
      const streamed = await npxWave(project, ["-p", "read the desktop status", "--output-format", "stream-json"], fake.url)
      expect(streamed.exit, streamed.stderr).toBe(0)
      const events = streamed.lines.map((line) => JSON.parse(line) as Record<string, unknown>)
      for (const event of events) expectValidEvent(event)
      const toolEnd = events.find((event) => event["type"] === "tool" && event["subtype"] === "end")
      // The engine's own answer (no accessibility bus here), not a load failure of the bundle or of SQLite.
      expect(toolEnd).toMatchObject({ id: "list_1", name: "list_apps", success: false, error: expect.stringMatching(/^PERM_DENIED/) })
      expect(events.at(-1)).toMatchObject({ type: "result", subtype: "success", result: "Status read." })

      const json = await npxWave(project, ["-p", "read the desktop status", "--output-format", "json"], fake.url)
      expect(json.exit, json.stderr).toBe(0)
      expect(json.lines).toHaveLength(1)
      const result = JSON.parse(json.lines[0]!) as unknown
      expectValidResult(result)
      expect(result).toMatchObject({ type: "result", is_error: false, result: "Status read." })
    })

    // No model server: an error result and a non-zero exit, still one JSON line.
    const failed = await npxWave(project, ["-p", "hi", "--output-format", "json"], "http://127.0.0.1:9")
    expect(failed.exit).not.toBe(0)
    expect(failed.lines).toHaveLength(1)
    expect(JSON.parse(failed.lines[0]!)).toMatchObject({ type: "result", is_error: true })
  }, 600_000)
})
