import { UnsupportedAdapter } from "@agent-desktop/platform"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { strictEnvelope } from "../test/scriptedEngine.js"
import { type AdapterFactory, makeEngineHost, runOnce } from "./EngineHost.js"

const home = fs.mkdtempSync(path.join(os.tmpdir(), "ad-engine-host-"))
afterAll(() => fs.rmSync(home, { recursive: true, force: true }))

/** A platform factory that records what it was asked for and answers with the UnsupportedAdapter. */
const recording = () => {
  const asked: Array<{ readonly warm: boolean }> = []
  const factory: AdapterFactory = (options) => {
    asked.push(options)
    return UnsupportedAdapter
  }
  return { asked, factory }
}

const onLinux = process.platform === "linux"

describe("the engine host", () => {
  it("runs a one-shot call to its envelope with the platform's one-shot adapter", async () => {
    const { asked, factory } = recording()
    const envelope = strictEnvelope(await runOnce(
      { command: "session", args: { action: "start", name: "one-shot" } },
      { env: { AGENT_DESKTOP_HOME: home }, platforms: { linux: factory }, warm: false }
    ))
    expect(envelope).toMatchObject({ ok: true, command: "session", data: { name: "one-shot" } })
    expect(asked).toEqual(onLinux ? [{ warm: false }] : [])
  })

  it("keeps one runtime for a long-lived host's calls, with the platform's warm adapter", async () => {
    const { asked, factory } = recording()
    const host = makeEngineHost({ env: { AGENT_DESKTOP_HOME: home }, platforms: { linux: factory }, warm: true })
    try {
      expect(await host.build()).toBe(true)
      const started = strictEnvelope(await host.run({ command: "session", args: { action: "start", name: "warm" } }))
      const listed = strictEnvelope(await host.run({ command: "session", args: { action: "list" } }))
      const id = (started as { data?: { session_id?: string } }).data?.session_id
      expect((listed as { data?: { sessions?: ReadonlyArray<{ session_id: string }> } }).data?.sessions?.map((s) => s.session_id)).toContain(id)
      expect(asked).toEqual(onLinux ? [{ warm: true }] : [])
    } finally {
      await host.dispose()
    }
  })

  it("answers with the unsupported adapter's refusal where the caller ships no adapter for this platform", async () => {
    const envelope = strictEnvelope(await runOnce({ command: "list-apps" }, { env: { AGENT_DESKTOP_HOME: home }, platforms: {}, warm: false }))
    expect(envelope).toMatchObject({ ok: false, error: { code: "PLATFORM_NOT_SUPPORTED", disposition: { delivery: "not_delivered", retry: "safe" } } })
  })

  it("turns services that cannot be built into the call's error envelope, both lifetimes alike", async () => {
    const options = { env: { AGENT_DESKTOP_HOME: "not/absolute" }, platforms: {}, warm: false } as const
    const once = strictEnvelope(await runOnce({ command: "list-apps" }, options))
    const host = makeEngineHost(options)
    try {
      expect(await host.build()).toBe(false)
      const warm = strictEnvelope(await host.run({ command: "list-apps" }))
      expect(once).toMatchObject({ ok: false, command: "list-apps", error: { message: expect.stringMatching(/AGENT_DESKTOP_HOME must be an absolute path/) } })
      expect(warm).toEqual(once)
    } finally {
      await host.dispose()
    }
  })

  it("refuses arguments the spec does not allow before anything runs, through either lifetime", async () => {
    const options = { env: { AGENT_DESKTOP_HOME: home }, platforms: {}, warm: false } as const
    const once = strictEnvelope(await runOnce({ command: "mouse-click", args: { xy: { x: 1, y: 1 }, count: 4 } }, options))
    expect(once).toMatchObject({
      ok: false,
      error: { code: "INVALID_ARGS", message: "Argument 'count' must be at most 3, got 4", disposition: { delivery: "not_delivered", retry: "safe" } }
    })
  })
})
