import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { pathToFileURL } from "node:url"
import { afterEach, describe, expect, it } from "vitest"
import { withNativeClientStatus } from "./NativeClientPresence.js"

const dirs: Array<string> = []
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** An installed CLI package's layout: package.json at the top, the `serve` engine's chunk three levels down. */
const installedCli = (): { readonly root: string; readonly moduleUrl: string } => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "cli-native-client-"))
  dirs.push(root)
  fs.writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "@agent-desktop/cli" }))
  fs.mkdirSync(path.join(root, "dist/modes/chunks"), { recursive: true })
  return { root, moduleUrl: pathToFileURL(path.join(root, "dist/modes/chunks/chunk-X.js")).href }
}

const status = { ok: true, command: "status", data: { problems: ["No accessibility bus"], probes: { store: { driver: "node:sqlite" } } } }

describe("status names a missing native host client", () => {
  it("without build/agent-desktop-host-client: a problem saying commands run through Node and how to build it", () => {
    const { root, moduleUrl } = installedCli()
    const answer = withNativeClientStatus(status, moduleUrl) as { data: { problems: Array<string>; probes: Record<string, unknown> } }
    expect(answer.data.problems[0]).toBe("No accessibility bus")
    expect(answer.data.problems[1]).toMatch(/native client is not built .*every command works through Node.*C compiler \(cc\) on PATH and run npm rebuild @agent-desktop\/cli$/)
    expect(answer.data.probes).toEqual({ store: { driver: "node:sqlite" }, host_client: { built: false, path: path.join(root, "build/agent-desktop-host-client") } })
  })

  it("with an executable client: no problem, the probe says built", () => {
    const { root, moduleUrl } = installedCli()
    fs.mkdirSync(path.join(root, "build"))
    fs.writeFileSync(path.join(root, "build/agent-desktop-host-client"), "\x7fELF", { mode: 0o755 })
    const answer = withNativeClientStatus(status, moduleUrl) as { data: { problems: Array<string>; probes: Record<string, unknown> } }
    expect(answer.data.problems).toEqual(["No accessibility bus"])
    expect(answer.data.probes["host_client"]).toMatchObject({ built: true })
  })

  it("leaves other commands and failures as they are", () => {
    const { moduleUrl } = installedCli()
    const version = { ok: true, command: "version", data: { version: "0.1.0" } }
    const failed = { ok: false, command: "status", error: { code: "INTERNAL" } }
    expect(withNativeClientStatus(version, moduleUrl)).toBe(version)
    expect(withNativeClientStatus(failed, moduleUrl)).toBe(failed)
  })
})
