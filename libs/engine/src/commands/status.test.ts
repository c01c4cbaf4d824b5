import { assert, describe, it } from "@effect/vitest"
import { LATEST_CONTRACT_VERSION } from "@agent-desktop/contracts/vocabulary"
import { validateEnvelope } from "@agent-desktop/contract-check"
import { DesktopAdapter, type PlatformStatus } from "@agent-desktop/platform"
import { EventStore } from "@agent-desktop/store"
import { Effect, Layer } from "effect"
import { afterAll } from "vitest"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { runCommand } from "../runCommand.js"
import { ScriptedAdapter } from "../test/ScriptedAdapter.js"

const home = fs.mkdtempSync(path.join(os.tmpdir(), "ad-engine-status-"))
afterAll(() => fs.rmSync(home, { recursive: true, force: true }))

const REPORT: PlatformStatus = {
  platform: "linux",
  permissions: { accessibility: { state: "not_required" }, screen_recording: { state: "unknown" }, automation: { state: "not_required" } },
  supported_surfaces: [],
  problems: ["The accessibility bus is not reachable (AT_SPI_BUS_ADDRESS unset, org.a11y.Bus.GetAddress failed)"],
  probes: { session_bus: { reachable: true }, accessibility_bus: { reachable: false }, apps: [] }
}

/** The scripted adapter with a real status report in place of its PLATFORM_NOT_SUPPORTED one. */
const reporting = (report: PlatformStatus) =>
  Layer.effect(DesktopAdapter, Effect.gen(function*() {
    const base = yield* DesktopAdapter
    return DesktopAdapter.of({ ...base, status: () => Effect.succeed(report) })
  })).pipe(Layer.provide(new ScriptedAdapter().layer))

const status = (adapter: Layer.Layer<DesktopAdapter>) =>
  runCommand({ command: "status" }).pipe(Effect.provide(Layer.mergeAll(adapter, EventStore.layer({ home }))))

const strictData = (envelope: { ok: boolean }): Record<string, any> => {
  const result = validateEnvelope(LATEST_CONTRACT_VERSION, envelope, { strict: true })
  assert.isTrue(result.valid, JSON.stringify(result.errors))
  assert.isTrue(envelope.ok, JSON.stringify(envelope))
  return (envelope as unknown as { data: Record<string, any> }).data
}

describe("status", () => {
  it.effect("carries the adapter's problems and probes as they are", () =>
    Effect.gen(function*() {
      const data = strictData(yield* status(reporting(REPORT)))
      assert.deepStrictEqual(data["problems"], REPORT.problems)
      const { store, ...platform } = data["probes"]
      assert.deepStrictEqual(platform, REPORT.probes)
      // The store probe: which driver holds the evidence, where, and this process's machine name.
      assert.deepStrictEqual(Object.keys(store).sort(), ["driver", "location", "machine"])
      assert.include(["better-sqlite3", "node:sqlite"], store.driver)
      assert.strictEqual(store.location, path.join(path.resolve(home), "events.db"))
      assert.deepStrictEqual(data["supported_surfaces"], [])
    }))

  it.effect("says why when the adapter cannot report at all", () =>
    Effect.gen(function*() {
      const data = strictData(yield* status(new ScriptedAdapter().layer))
      assert.deepStrictEqual(data["problems"], ["scripted"])
      assert.deepStrictEqual(Object.keys(data["probes"]), ["store"])
    }))
})
