// An install without a compiler: the packed tarballs installed into an empty project with `npm install
// --ignore-scripts` (what cautious users and some CI do), with nothing but Node and npm on PATH. Where Node has
// node:sqlite (>= 22.13) nothing native is needed: the store opens on node:sqlite, the X11 addon and the warm host's
// native client are absent, `status` names each with how to get it, and `status`, `snapshot` and `mcp` work on a
// real desktop through their fallbacks (AT-SPI, the shell launcher). Then without better-sqlite3 at all (npm drops an
// optional dependency whose build failed, and --omit=optional leaves it out): `status` and `mcp` still work. CI runs
// this file on Node 22, 24 and 26 (tools/scripts/test-other-nodes.sh), which installs once for all of them
// (AGENT_DESKTOP_TEST_CONSUMER: the install builds nothing, so its tree is the same on every Node); on a Node without
// node:sqlite it is skipped, since better-sqlite3 must be built.
import { spawn, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { controlFixture, fixtureControlPath, isolatedTempDir, pack, startDesktop, type RunningDesktop } from "@agent-desktop/desktop"

const hasNodeSqlite = (() => {
  try {
    return process.getBuiltinModule("node:sqlite") !== undefined
  } catch {
    return false
  }
})()

const work = isolatedTempDir("cli-ignore-scripts")
/** A consumer project installed by an earlier run on another Node, or this run's own. */
const sharedConsumer = process.env["AGENT_DESKTOP_TEST_CONSUMER"]
const project = sharedConsumer ?? path.join(work, "consumer")
/** Written last by the install, so a run that finds it reuses a complete install. */
const installed = path.join(project, ".installed")
// What a user installs: the CLI and its optional X11 package. The X11 package's JS API (platform, effect) is an
// optional peer that the CLI's bundle does not need, so neither is installed.
const PACKAGES = ["libs/platform-linux-x11", "apps/cli"] as const
let desktop: RunningDesktop | undefined

/** The machine's npm (its CLI scripts), found on the test's own PATH. */
const npmScript = (name: "npm" | "npx"): string => {
  const found = (process.env["PATH"] ?? "").split(":").filter(Boolean).map((entry) => path.join(entry, name)).find((file) => fs.existsSync(file))
  if (found === undefined) throw new Error(`${name} is not on PATH`)
  return fs.realpathSync(found)
}

/** Programs that build native code; none of them is on the consumer's PATH. */
const BUILD_TOOLS = /^(cc|c\+\+|c89|c99|gcc|g\+\+|cpp|clang|make|gmake|ld|as|python|node-gyp|x86_64-linux-gnu-)/

/**
 * PATH for the consumer: the system's programs (sh, readlink, ...) minus every compiler, linker, make and python,
 * then this Node, npm and npx.
 */
const bin = path.join(work, "bin")
fs.mkdirSync(bin)
for (const system of ["/usr/bin", "/bin"]) {
  for (const name of fs.readdirSync(system)) {
    if (BUILD_TOOLS.test(name) || name === "node" || name === "npm" || name === "npx" || fs.existsSync(path.join(bin, name))) continue
    fs.symlinkSync(path.join(system, name), path.join(bin, name))
  }
}
fs.symlinkSync(process.execPath, path.join(bin, "node"))
fs.symlinkSync(npmScript("npm"), path.join(bin, "npm"))
fs.symlinkSync(npmScript("npx"), path.join(bin, "npx"))

const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  PATH: bin,
  HOME: work,
  npm_config_update_notifier: "false",
  npm_config_cache: process.env["npm_config_cache"] ?? path.join(process.env["HOME"] ?? "/root", ".npm"),
  AGENT_DESKTOP_HOME: path.join(work, "state"),
  ...extra
})

const npx = (args: ReadonlyArray<string>, extra: NodeJS.ProcessEnv = {}) => {
  const result = spawnSync(path.join(bin, "npx"), ["--offline", "agent-desktop", ...args], { cwd: project, encoding: "utf8", env: env(extra), timeout: 120_000 })
  const lines = result.stdout.split("\n").filter((line) => line.length > 0)
  expect(lines, result.stderr).toHaveLength(1)
  return { exit: result.status, stderr: result.stderr, envelope: JSON.parse(lines[0]!) as { ok: boolean; command: string; data?: any; error?: any } }
}

const duBytes = (dir: string): number => Number(spawnSync("du", ["-sb", dir], { encoding: "utf8" }).stdout.split("\t")[0])

/** `agent-desktop mcp` in the consumer project: initialize, then one tools/call of list_apps; its result. */
const mcpListApps = async (): Promise<{ isError?: boolean; structuredContent?: unknown }> => {
  const child = spawn(path.join(bin, "npx"), ["--offline", "agent-desktop", "mcp"], { cwd: project, env: env({ ...desktop!.env }), stdio: ["pipe", "pipe", "pipe"] })
  const send = (message: unknown) => child.stdin.write(JSON.stringify(message) + "\n")
  let stdout = ""
  let stderr = ""
  child.stderr.on("data", (chunk) => (stderr += chunk))
  try {
    return await new Promise<any>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer; stderr: ${stderr}`)), 120_000)
      child.once("exit", (code) => {
        clearTimeout(timer)
        reject(new Error(`mcp exited (${code}) before answering; stderr: ${stderr}`))
      })
      child.stdout.on("data", (chunk) => {
        stdout += chunk
        for (const line of stdout.split("\n").filter((text) => text.trim() !== "")) {
          const message = JSON.parse(line) as { id?: number; result?: unknown }
          if (message.id === 2) {
            clearTimeout(timer)
            resolve(message.result)
          }
        }
      })
      send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "ignore-scripts", version: "1" } } })
      send({ jsonrpc: "2.0", method: "notifications/initialized" })
      send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "list_apps", arguments: {} } })
    })
  } finally {
    child.stdin.end()
    child.kill("SIGTERM")
  }
}

describe.skipIf(!hasNodeSqlite)("npm install --ignore-scripts, no compiler on PATH", () => {
  beforeAll(async () => {
    if (!fs.existsSync(installed)) {
      const packed = PACKAGES.map((dir) => pack(dir, work))
      fs.rmSync(project, { recursive: true, force: true })
      fs.mkdirSync(project, { recursive: true })
      fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "consumer", private: true }))
      const started = Date.now()
      // No retries: the CLI's optional OCR and Wayland packages are published nowhere npm can reach from here, and an
      // optional package whose manifest cannot be fetched is skipped at once instead of after npm's backoff.
      const install = spawnSync(path.join(bin, "npm"), ["install", "--ignore-scripts", "--prefer-offline", "--no-audit", "--no-fund", ...packed.map((p) => p.filename)], { cwd: project, encoding: "utf8", env: env({ npm_config_fetch_retries: "0" }), timeout: 300_000 })
      expect(install.status, install.stderr).toBe(0)
      fs.writeFileSync(installed, "")
      process.stderr.write(`ignore-scripts install: ${Date.now() - started} ms, node_modules ${(duBytes(path.join(project, "node_modules")) / 1e6).toFixed(1)} MB\n`)
    }
    desktop = await startDesktop({ apps: ["fixture"], timeoutMs: 60_000 })
  }, 600_000)

  afterAll(async () => {
    await desktop?.stop()
    fs.rmSync(work, { recursive: true, force: true })
  })

  it("installs no copy of effect (the optional X11 package's JS API has it as an optional peer)", () => {
    expect(fs.existsSync(path.join(project, "node_modules/effect"))).toBe(false)
    expect(fs.existsSync(path.join(project, "node_modules/@agent-desktop/platform-linux-x11/build/Release/agent_desktop_x11.node"))).toBe(false)
    // No native host client either: the command is the shell launcher, which runs Node.
    const cli = path.join(project, "node_modules/@agent-desktop/cli")
    expect(fs.existsSync(path.join(cli, "build/agent-desktop-host-client"))).toBe(false)
    expect(fs.readFileSync(path.join(cli, "bin/agent-desktop"), "utf8").startsWith("#!/bin/sh")).toBe(true)
  })

  it("status: ok, the store on node:sqlite, and what is missing named with how to get it", () => {
    const status = npx(["status"], { ...desktop!.env })
    expect(status.exit, status.stderr).toBe(0)
    expect(status.envelope).toMatchObject({ ok: true, command: "status" })
    const text = JSON.stringify(status.envelope.data)
    expect(status.envelope.data.probes.store).toMatchObject({ driver: "node:sqlite" })
    expect(text).toMatch(/X11 input and capture addon is not built \(it was never built: its install script did not run/)
    expect(text).toMatch(/npm rebuild @agent-desktop\/platform-linux-x11/)
    expect(status.envelope.data.problems).toContainEqual(expect.stringMatching(/native client is not built .*every command works through Node.*run npm rebuild @agent-desktop\/cli$/))
    expect(status.envelope.data.probes.host_client).toMatchObject({ built: false })
  })

  it("snapshot of the fixture app through AT-SPI", () => {
    const snapshot = npx(["snapshot", "--app", "fixture", "-i", "--timeout-ms", "10000"], { ...desktop!.env })
    expect(snapshot.exit, snapshot.stderr).toBe(0)
    expect(snapshot.envelope).toMatchObject({ ok: true, command: "snapshot", data: { app: "fixture" } })
    expect(snapshot.envelope.data.ref_count).toBeGreaterThan(0)
  })

  // Without the X11 addon: what needs it (capture, raw pointer input) refuses, naming it and how to build it; a
  // pointer click on an element goes through AT-SPI's device event controller instead (no addon involved).
  const X11_ADDON_MISSING = /X11 input and capture addon is not built .*npm rebuild @agent-desktop\/platform-linux-x11/

  it("screenshot: PLATFORM_NOT_SUPPORTED naming the unbuilt X11 addon, and no file written", () => {
    const file = path.join(work, "screen.png")
    const shot = npx(["screenshot", file], { ...desktop!.env })
    expect(shot.exit).toBe(1)
    expect(shot.envelope).toMatchObject({ ok: false, command: "screenshot", error: { code: "PLATFORM_NOT_SUPPORTED", details: { kind: "native_addon_unavailable" } } })
    expect(shot.envelope.error.message).toMatch(X11_ADDON_MISSING)
    expect(fs.existsSync(file)).toBe(false)
  })

  it("mouse-click --headed: PLATFORM_NOT_SUPPORTED naming the unbuilt X11 addon, and the app saw nothing", async () => {
    const before = await controlFixture(fixtureControlPath(desktop!.stateDir), { op: "state", id: "button" })
    const click = npx(["mouse-click", "--xy", "10,10", "--headed"], { ...desktop!.env })
    expect(click.exit).toBe(1)
    expect(click.envelope).toMatchObject({ ok: false, command: "mouse-click", error: { code: "PLATFORM_NOT_SUPPORTED" } })
    expect(click.envelope.error.message).toMatch(X11_ADDON_MISSING)
    expect(await controlFixture(fixtureControlPath(desktop!.stateDir), { op: "state", id: "button" })).toEqual(before)
  })

  it("click --headed on a slider (no click action): a pointer click through AT-SPI's device event controller moves it", async () => {
    const control = fixtureControlPath(desktop!.stateDir)
    const before = await controlFixture(control, { op: "state", id: "scale" })
    const found = npx(["find", "--app", "fixture", "--role", "slider", "--name", "Level", "--first"], { ...desktop!.env })
    expect(found.envelope.ok, JSON.stringify(found.envelope)).toBe(true)
    const click = npx(["click", found.envelope.data.match.ref_id, "--headed"], { ...desktop!.env })
    expect(click.exit, JSON.stringify(click.envelope)).toBe(0)
    expect(click.envelope.data.steps).toEqual([expect.objectContaining({ label: "DeviceEventController.GenerateMouseEvent(b1c)", outcome: "succeeded" })])
    // The app's own state: a click at a scale's centre moves its value there.
    const after = await controlFixture(control, { op: "state", id: "scale" })
    expect(after.value).not.toBe(before.value)
  })

  it("mcp: a tools/call of list_apps answers with the fixture app", async () => {
    const answer = await mcpListApps()
    expect(answer.isError ?? false).toBe(false)
    expect(JSON.stringify(answer.structuredContent)).toMatch(/"fixture"/)
  }, 180_000)

  describe("without better-sqlite3 (npm removes an optional dependency whose build failed; --omit=optional)", () => {
    const present = path.join(project, "node_modules/better-sqlite3")
    const aside = path.join(project, "better-sqlite3.aside")
    beforeAll(() => {
      // Moved aside and back, so a shared install stays whole for the next Node's run.
      if (fs.existsSync(present)) fs.renameSync(present, aside)
    })
    afterAll(() => {
      if (fs.existsSync(aside)) fs.renameSync(aside, present)
    })

    it("status: ok on node:sqlite", () => {
      const status = npx(["status"], { ...desktop!.env })
      expect(status.exit, status.stderr).toBe(0)
      expect(status.envelope.data.probes.store).toMatchObject({ driver: "node:sqlite" })
    })

    it("mcp loads and answers a tools/call (its bundle no longer imports better-sqlite3 at load)", async () => {
      const answer = await mcpListApps()
      expect(answer.isError ?? false).toBe(false)
      expect(JSON.stringify(answer.structuredContent)).toMatch(/"fixture"/)
    }, 180_000)
  })
})
