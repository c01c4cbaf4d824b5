// The published shape of @agent-desktop/cli: the bundle packed with npm together with the packages it depends on
// (the optional X11 addon and what that needs), installed from the tarballs into an empty project, then run there
// with `npx agent-desktop`, outside the monorepo.
import { execFileSync, spawn, spawnSync } from "node:child_process"
import { LATEST_CONTRACT_VERSION } from "@agent-desktop/contracts/vocabulary"
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { installInto, isolatedTempDir, pack, REPO, sqlitePrebuilds, workspaceDependencies } from "@agent-desktop/desktop"
import { countingNode, hostSocketIn } from "./test/binary.js"

const work = isolatedTempDir("cli-pack")
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

const PACKAGES = ["contracts", "libs/platform", "libs/platform-linux-x11", "libs/ocr", "libs/pipewire", "libs/platform-linux-wayland", "apps/cli"] as const

/** `npx agent-desktop ...` in the consumer project: stdout lines, exit code. */
const npx = (project: string, args: ReadonlyArray<string>, env: NodeJS.ProcessEnv = {}) => {
  const result = spawnSync("npx", ["--offline", "agent-desktop", ...args], {
    cwd: project,
    encoding: "utf8",
    env: { PATH: process.env["PATH"], HOME: process.env["HOME"], npm_config_update_notifier: "false", AGENT_DESKTOP_HOME: path.join(work, "state"), ...env },
    timeout: 60_000
  })
  return { exit: result.status, stdout: result.stdout, stderr: result.stderr, lines: result.stdout.split("\n").filter((line) => line.length > 0) }
}

const oneEnvelope = (lines: ReadonlyArray<string>) => {
  expect(lines).toHaveLength(1)
  return JSON.parse(lines[0]!) as { version: string; ok: boolean; command: string; data?: Record<string, unknown>; error?: { code: string; message: string } }
}

/** `npx agent-desktop mcp`: initialize, then one tools/call; resolves with that call's result (then stops it). */
const mcpToolCall = (project: string, tool: string) =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    const child = spawn("npx", ["--offline", "agent-desktop", "mcp"], {
      cwd: project,
      env: { PATH: process.env["PATH"], HOME: process.env["HOME"], npm_config_update_notifier: "false", AGENT_DESKTOP_HOME: path.join(work, "state") },
      stdio: ["pipe", "pipe", "pipe"]
    })
    const timer = setTimeout(() => finish(new Error(`no tools/call answer; stderr: ${stderr}`)), 60_000)
    let stdout = ""
    let stderr = ""
    const finish = (outcome: Error | Record<string, unknown>) => {
      clearTimeout(timer)
      child.stdin.end()
      child.kill("SIGTERM")
      if (outcome instanceof Error) reject(outcome)
      else resolve(outcome)
    }
    child.stderr.on("data", (chunk) => (stderr += chunk))
    child.stdout.on("data", (chunk) => {
      stdout += chunk
      for (const line of stdout.split("\n").filter((text) => text.trim().length > 0)) {
        const message = JSON.parse(line) as { id?: number; result?: Record<string, unknown> }
        if (message.id === 2 && message.result !== undefined) finish(message.result)
      }
    })
    child.on("error", (error) => finish(error))
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`)
    send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "pack", version: "1" } } })
    send({ jsonrpc: "2.0", method: "notifications/initialized" })
    send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: tool, arguments: {} } })
  })

describe("npx agent-desktop from packed tarballs", () => {
  it("packs the bundle with real dependencies, installs into an empty project and runs there", async () => {
    execFileSync(process.execPath, [path.join(REPO, "node_modules/typescript/bin/tsc"), "-b", "contracts/tsconfig.lib.json", "libs/platform/tsconfig.lib.json", "libs/platform-linux-x11/tsconfig.lib.json", "libs/ocr/tsconfig.lib.json", "libs/pipewire/tsconfig.lib.json", "libs/platform-linux-wayland/tsconfig.lib.json"], { cwd: REPO })
    const packed = PACKAGES.map((dir) => pack(dir, work))
    const cli = packed.at(-1)!
    for (const file of ["bin/agent-desktop", "bin/agent-desktop.js", "bin/package.json", "native/hostClient.c", "scripts/build-host-client.mjs", "dist/agent-desktop.cjs", "dist/engine.cjs", "dist/lazy/CachedScript.cjs", "dist/lazy/schemaCommand.cjs", "dist/modes/mcp.js", "dist/modes/serve.js"]) {
      expect(cli.files).toContain(file)
    }
    expect(cli.files.filter((file) => file.startsWith("src/") || file.endsWith(".ts"))).toEqual([])
    const x11 = packed.find((p) => p.name === "@agent-desktop/platform-linux-x11")!
    expect(x11.files).toEqual(expect.arrayContaining(["binding.gyp", "native/x11.c", "scripts/build-addon.mjs", "dist/clipboardOwner.js"]))
    expect(x11.files.some((file) => file.startsWith("build/"))).toBe(false)
    // No workspace-only references: every @agent-desktop/* dependency is one of the packed packages, at its version.
    const versions = new Map(packed.map((p) => [p.name, p.manifest["version"]]))
    for (const p of packed) {
      expect(p.manifest["private"]).toBeUndefined()
      for (const [name, range] of workspaceDependencies(p)) expect(`${p.name} -> ${name}@${range}`).toBe(`${p.name} -> ${name}@${versions.get(name)}`)
    }

    const project = path.join(work, "consumer")
    const installMs = installInto(project, packed.map((p) => p.filename), sqlitePrebuilds(work))
    process.stderr.write(`cli pack test: npm install of ${packed.length} tarballs took ${installMs} ms\n`)
    const sqlite = path.join(project, "node_modules/better-sqlite3/build/Release")
    expect(fs.existsSync(path.join(sqlite, "better_sqlite3.node"))).toBe(true)
    expect(fs.existsSync(path.join(sqlite, "obj.target"))).toBe(false) // the prebuilt binary, not a compile
    const addonStatus = JSON.parse(fs.readFileSync(path.join(project, "node_modules/@agent-desktop/platform-linux-x11/build/addon-status.json"), "utf8")) as { built: boolean; reason?: string }
    expect(addonStatus.reason).toBeUndefined()
    expect(addonStatus.built).toBe(true)
    const wayland = packed.find((p) => p.name === "@agent-desktop/platform-linux-wayland")!
    expect(wayland.files).toEqual(expect.arrayContaining(["binding.gyp", "native/wayland.c", "scripts/build-addon.mjs", "dist/index.js"]))
    expect(fs.existsSync(path.join(project, "node_modules/@agent-desktop/platform-linux-wayland/build/Release/agent_desktop_wayland.node"))).toBe(true)
    // KDE: the helper KWin authorizes, and the installer that authorizes it (asked only to check, in a scratch data home).
    expect(wayland.files).toEqual(expect.arrayContaining(["native/kwinhelper.c", "bin/agent-desktop-setup-kde.mjs", "kde/agent-desktop.desktop.in"]))
    const kwinHelper = fs.realpathSync(path.join(project, "node_modules/@agent-desktop/platform-linux-wayland/build/Release/agent-desktop-kwin"))
    const scratch = fs.mkdtempSync(path.join(work, "kde-data-"))
    const check = spawnSync(process.execPath, [path.join(project, "node_modules/@agent-desktop/platform-linux-wayland/bin/agent-desktop-setup-kde.mjs"), "--check"], {
      env: { PATH: process.env["PATH"], HOME: scratch, XDG_DATA_HOME: scratch, XDG_DATA_DIRS: scratch },
      encoding: "utf8"
    })
    expect(check.status).toBe(1)
    expect(JSON.parse(check.stdout)).toEqual({ ok: true, authorization: { state: "missing", file: path.join(scratch, "applications", "agent-desktop.desktop"), exec: kwinHelper } })
    const pipewire = packed.find((p) => p.name === "@agent-desktop/pipewire")!
    expect(pipewire.files).toEqual(expect.arrayContaining(["binding.gyp", "native/pipewire.c", "scripts/build-addon.mjs", "dist/index.js"]))
    expect(fs.existsSync(path.join(project, "node_modules/@agent-desktop/pipewire/build/Release/agent_desktop_pipewire.node"))).toBe(true)

    const version = npx(project, ["version"])
    expect(version.exit).toBe(0)
    expect(oneEnvelope(version.lines)).toMatchObject({ ok: true, command: "version", data: { default_contract: LATEST_CONTRACT_VERSION } })

    const schema = npx(project, ["schema", "--contract", "2.5"])
    expect(schema.exit).toBe(0)
    expect(schema.stdout).toBe(fs.readFileSync(path.join(project, "node_modules/@agent-desktop/contracts/schemas/2.5/envelope.schema.json"), "utf8"))

    const parseError = npx(project, ["click"])
    expect(parseError.exit).toBe(2)
    expect(oneEnvelope(parseError.lines)).toMatchObject({ ok: false, command: "click", error: { code: "INVALID_ARGS" } })

    // The engine path: the bundle, its code cache and SQLite from the installed better-sqlite3.
    for (let run = 0; run < 2; run++) {
      const missing = npx(project, ["click", "@s0abc:e1"])
      expect(missing.exit, missing.stderr).toBe(1)
      expect(oneEnvelope(missing.lines)).toMatchObject({ ok: false, command: "click", error: { code: "SNAPSHOT_NOT_FOUND" } })
    }
    expect(fs.readdirSync(path.join(work, "state", "cache")).some((file) => file.endsWith(".v8"))).toBe(true)

    // The installed command is the native client, compiled at install in place of the shell launcher; with a warm
    // host up it serves the call without starting Node.
    const installed = path.join(project, "node_modules/@agent-desktop/cli")
    const command = fs.readFileSync(path.join(installed, "bin/agent-desktop"))
    expect(command.subarray(0, 4).equals(Buffer.from("\x7fELF", "latin1"))).toBe(true)
    expect(fs.statSync(path.join(installed, "bin/agent-desktop")).mode & 0o111).not.toBe(0)
    const stateEnv = { PATH: process.env["PATH"], HOME: process.env["HOME"], AGENT_DESKTOP_HOME: path.join(work, "state") }
    const host = spawn(process.execPath, [path.join(installed, "bin/agent-desktop.js"), "serve"], { env: stateEnv, stdio: "ignore" })
    try {
      for (let i = 0; i < 500 && !fs.existsSync(hostSocketIn(stateEnv)); i++) await new Promise((resolve) => setTimeout(resolve, 20))
      const node = countingNode()
      const viaHost = spawnSync(path.join(project, "node_modules/.bin/agent-desktop"), ["click", "@s0abc:e1"], { env: node.env(stateEnv), encoding: "utf8", timeout: 60_000 })
      expect(viaHost.status, viaHost.stderr).toBe(1)
      expect(oneEnvelope(viaHost.stdout.split("\n").filter((line) => line.length > 0))).toMatchObject({ ok: false, command: "click", error: { code: "SNAPSHOT_NOT_FOUND" } })
      expect(node.starts()).toBe(0)
    } finally {
      host.kill("SIGTERM")
      await new Promise((resolve) => (host.exitCode !== null ? resolve(undefined) : host.once("exit", resolve)))
    }
    // `npm rebuild` on a machine without a compiler: the shipped launcher is put back and the command still works.
    const rebuild = spawnSync(process.execPath, [path.join(installed, "scripts/build-host-client.mjs")], { env: { PATH: "/nonexistent" }, encoding: "utf8" })
    expect(rebuild.status, rebuild.stderr).toBe(0)
    expect(rebuild.stderr).toMatch(/not built/)
    expect(fs.readFileSync(path.join(installed, "bin/agent-desktop"), "utf8").startsWith("#!/bin/sh")).toBe(true)
    expect(oneEnvelope(npx(project, ["version"]).lines)).toMatchObject({ ok: true, command: "version" })

    // The long-lived MCP mode (its own ES module bundle) answers a tool call through the installed engine and SQLite.
    const status = await mcpToolCall(project, "status")
    expect(status["structuredContent"]).toMatchObject({ ok: true, command: "status" })

    // The optional addon missing (it did not build): native commands answer PLATFORM_NOT_SUPPORTED with the reason.
    fs.rmSync(path.join(project, "node_modules/@agent-desktop/platform-linux-x11"), { recursive: true })
    const native = npx(project, ["mouse-move", "--xy", "1,1", "--headed"], { DISPLAY: ":99", XDG_SESSION_TYPE: "x11" })
    expect(native.exit, native.stdout + native.stderr).toBe(1)
    const refused = oneEnvelope(native.lines)
    expect(refused).toMatchObject({ ok: false, command: "mouse-move", error: { code: "PLATFORM_NOT_SUPPORTED" } })
    expect(refused.error?.message).toMatch(/X11 addon/)
  }, 600_000)
})
