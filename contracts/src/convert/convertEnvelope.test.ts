import { describe, expect, it } from "vitest"
import { errorsOf, fixtures, validatorFor } from "../test-support/schemaValidator.js"
import { CONTRACT_VERSIONS, versionIndex } from "../vocabulary/ContractVersion.js"
import { ConversionError } from "./ConversionError.js"
import { convertEnvelope } from "./convertEnvelope.js"
import type { EnvelopeJson } from "./EnvelopeJson.js"

describe("convertEnvelope over every valid fixture", () => {
  for (const from of CONTRACT_VERSIONS) {
    for (const to of CONTRACT_VERSIONS) {
      if (from === to) continue
      it(`${from} -> ${to} validates against ${to}'s strict schema`, () => {
        const validate = validatorFor(to, "strict")
        const refused: Array<string> = []
        for (const [name, envelope] of fixtures(from, "valid")) {
          let converted: EnvelopeJson
          try {
            converted = convertEnvelope(envelope as EnvelopeJson, from, to)
          } catch (cause) {
            // Only an up-conversion may refuse, and only with a typed reason.
            expect(cause, name).toBeInstanceOf(ConversionError)
            expect(versionIndex(to), name).toBeGreaterThan(versionIndex(from))
            refused.push(name)
            continue
          }
          expect(converted.version, name).toBe(to)
          expect(validate(converted), `${name}: ${errorsOf(validate)}`).toBe(true)
        }
        // Refusals are the exception: the window operations and mouse-wheel before 2.5 name no 2.5 target.
        for (const name of refused) expect(name).toMatch(/^(resize-window|minimize|mouse-wheel)\.json$/)
      })
    }
  }
})

const ok = (version: string, command: string, data: unknown): EnvelopeJson => ({ version, ok: true, command, data })

describe("lossy and structural conversions", () => {
  it("turns a 2.2 partial snapshot into the TIMEOUT 2.1 reported, and drops completeness fields otherwise", () => {
    const partial = ok("2.2", "snapshot", {
      app: "gnome-calculator",
      snapshot_id: "s1vylk49fulgx4",
      ref_count: 1,
      complete: false,
      truncated: true,
      nodes_observed: 412,
      tree: { role: "window", children: [{ role: "group", subtree_truncated: true }] }
    })
    const down = convertEnvelope(partial, "2.2", "2.1")
    expect(down).toMatchObject({
      ok: false,
      error: { code: "TIMEOUT", disposition: { delivery: "not_delivered", retry: "safe" } }
    })
    expect(down).not.toHaveProperty("data")

    const complete = ok("2.2", "snapshot", { app: "a", snapshot_id: "s123", ref_count: 0, complete: true })
    expect(convertEnvelope(complete, "2.2", "2.1").data).toEqual({ app: "a", snapshot_id: "s123", ref_count: 0 })
    expect(convertEnvelope(convertEnvelope(complete, "2.2", "2.1"), "2.1", "2.2")).toEqual(complete)
  })

  it("keeps an action's delivery when a partial --wait-for snapshot becomes TIMEOUT", () => {
    const waited = ok("2.2", "click", {
      app: "a",
      snapshot_id: "s123",
      ref_count: 0,
      complete: false,
      truncated: true,
      nodes_observed: 3,
      after_action: { action: "click", disposition: { delivery: "delivered_unverified", retry: "unsafe" } }
    })
    const down = convertEnvelope(waited, "2.2", "2.1")
    expect(down.error).toMatchObject({ code: "TIMEOUT", disposition: { delivery: "delivered_unverified", retry: "unsafe" } })
    expect(down.error).not.toHaveProperty("recovery")
  })

  it("reports a 2.3 launch without a window as the unsafe WINDOW_NOT_FOUND of 2.2", () => {
    const down = convertEnvelope(ok("2.3", "launch", { app: "gnome-calculator", pid: 7 }), "2.3", "2.2")
    expect(down.error).toMatchObject({
      code: "WINDOW_NOT_FOUND",
      disposition: { delivery: "delivered_unverified", retry: "unsafe" }
    })
  })

  it("a 2.7 launch's endpoint loses its protocol going down to 2.6; Firefox's WebDriver BiDi endpoint is dropped", () => {
    const devtools = { port: 9222, http_endpoint: "http://127.0.0.1:9222", websocket_url: "ws://127.0.0.1:9222/devtools/browser/x", product: "Chrome/156", protocol: "devtools" }
    const chromium = convertEnvelope(ok("2.7", "launch", { app: "Chromium", pid: 7, cdp: devtools, renderer: "chromium" }), "2.7", "2.6")
    const { protocol: _protocol, ...devtoolsV2_6 } = devtools
    expect(chromium.data).toEqual({ app: "Chromium", pid: 7, cdp: devtoolsV2_6, renderer: "chromium" })
    const bidi = { port: 9333, http_endpoint: "http://127.0.0.1:9333", websocket_url: "ws://127.0.0.1:9333/session", product: "firefox/153.8.0", protocol: "webdriver-bidi" }
    const firefox = convertEnvelope(ok("2.7", "launch", { app: "Firefox", pid: 8, cdp: bidi }), "2.7", "2.6")
    expect(firefox.data).toEqual({ app: "Firefox", pid: 8 })
  })

  it("re-adds the success flag of an OperationReport going down to 2.4 and rebuilds the report going up", () => {
    const report = ok("2.5", "mouse-click", {
      action: "mouse-click",
      disposition: { delivery: "delivered_unverified", retry: "unsafe" },
      target: { kind: "pointer", point: { x: 12, y: 34 } },
      x: 12,
      y: 34,
      count: 2
    })
    const flags = convertEnvelope(report, "2.5", "2.4")
    expect(flags.data).toEqual({ clicked: true, x: 12, y: 34, count: 2 })
    expect(convertEnvelope(flags, "2.4", "2.5")).toEqual(report)
  })

  it("names unnamed find matches and drops context bounds below 2.5", () => {
    const find = ok("2.6", "find", {
      match: { ref_id: null, role: "statictext", value: "42", states: [], interactive: false, path: [], bounds: { x: 0, y: 0, width: 1, height: 1 } }
    })
    expect(convertEnvelope(find, "2.6", "2.4").data).toEqual({
      match: { ref_id: null, role: "statictext", name: "42", value: "42", states: [], interactive: false, path: [] }
    })
  })

  it("drops 2.6's identity_unproven and 2.4's verification_scope on the way down", () => {
    const snapshot = ok("2.6", "snapshot", { app: "a", snapshot_id: "s123", ref_count: 0, complete: true, identity_unproven: true })
    expect(convertEnvelope(snapshot, "2.6", "2.5").data).not.toHaveProperty("identity_unproven")
    const typed = ok("2.4", "type", {
      action: "type",
      disposition: { delivery: "delivered_unverified", retry: "unsafe" },
      details: { verification_scope: "unavailable" }
    })
    expect(convertEnvelope(typed, "2.4", "2.3").data).toEqual({
      action: "type",
      disposition: { delivery: "delivered_unverified", retry: "unsafe" }
    })
  })

  it("drops 2.6 status's problems and probes on the way down, and 2.5's strict schema accepts the result", () => {
    const status = ok("2.6", "status", {
      platform: "linux", version: "0.1.0",
      permissions: { accessibility: { state: "not_required" }, screen_recording: { state: "unknown" }, automation: { state: "not_required" } },
      snapshot_id: null, ref_count: null, session_id: null, tracing: false, supported_surfaces: [],
      problems: ["no accessibility bus"], probes: { accessibility_bus: { reachable: false } }
    })
    expect(validatorFor("2.6", "strict")(status)).toBe(true)
    const down = convertEnvelope(status, "2.6", "2.5")
    expect(down.data).not.toHaveProperty("problems")
    expect(down.data).not.toHaveProperty("probes")
    expect(validatorFor("2.5", "strict")(down)).toBe(true)
    expect(validatorFor("2.5", "strict")({ ...status, version: "2.5" })).toBe(false)
  })

  it("drops 2.7's node sources, OCR confidence and find's sources on the way down: a 2.6 consumer sees no new field", () => {
    const [, ocr] = fixtures("2.7", "valid").find(([name]) => name === "snapshot-canvas-ocr.json")!
    const down = convertEnvelope(ocr as EnvelopeJson, "2.7", "2.6")
    expect(validatorFor("2.6", "strict")(down)).toBe(true)
    const text = JSON.stringify(down)
    for (const key of ["source", "confidence"]) expect(text).not.toContain(`"${key}"`)
    // The OCR nodes stay, as 2.6 nodes: their text and their bounds (a 2.6 field) are what a 2.6 consumer can use.
    expect((down.data as { tree: { children: Array<{ children: Array<unknown> }> } }).tree.children[0]!.children[0]).toEqual({
      ref_id: "@s7cnv01:e1", role: "statictext", name: "Start game", bounds: { x: 300, y: 300, width: 80, height: 16 }
    })
    for (const name of ["find-ocr.json", "find-first-cdp.json"]) {
      const [, find] = fixtures("2.7", "valid").find(([file]) => file === name)!
      const findDown = convertEnvelope(find as EnvelopeJson, "2.7", "2.6")
      expect(validatorFor("2.6", "strict")(findDown), name).toBe(true)
      expect(JSON.stringify(findDown), name).not.toMatch(/"(source|sources|confidence)"/)
    }
    expect(validatorFor("2.6", "strict")({ ...(ocr as EnvelopeJson), version: "2.6" })).toBe(false)
  })

  it("turns 2.7's snapshot diff, watch and wait --event changed into INVALID_ARGS contract_too_old below 2.7; a whole diff is a snapshot", () => {
    const all = new Map(fixtures("2.7", "valid"))
    for (const name of ["snapshot-diff.json", "watch-event-changed.json", "watch-ended.json", "wait-event-changed.json"]) {
      for (const to of ["2.6", "2.1"] as const) {
        const converted = convertEnvelope(all.get(name) as EnvelopeJson, "2.7", to)
        expect(converted, `${name} -> ${to}`).toMatchObject({
          version: to,
          ok: false,
          error: { code: "INVALID_ARGS", disposition: { delivery: "not_delivered", retry: "safe" }, details: { kind: "contract_too_old", needs: "2.7" } }
        })
        const validate = validatorFor(to, "strict")
        expect(validate(converted), `${name} -> ${to}: ${errorsOf(validate)}`).toBe(true)
      }
    }
    const whole = convertEnvelope(all.get("snapshot-diff-whole.json") as EnvelopeJson, "2.7", "2.6") as { ok: boolean; data: Record<string, unknown> }
    expect(whole.ok).toBe(true)
    expect(whole.data).not.toHaveProperty("diff")
    expect(whole.data).toHaveProperty("tree")
    // Every other wait answer is unchanged.
    expect(convertEnvelope(all.get("wait-sleep.json") as EnvelopeJson, "2.7", "2.6")).toMatchObject({ ok: true, version: "2.6" })
  })

  it("drops a 2.7 wait event's surface and snapshot below 2.7, and refuses an events-dropped answer (found by the generated-envelope property test)", () => {
    const opened = {
      version: "2.7", ok: true, command: "wait",
      data: { found: true, elapsed_ms: 0, event: { kind: "window-opened", app: "ob", pid: 0, window_id: "NX", title: "", surface: "alert" } }
    } as EnvelopeJson
    for (const to of ["2.6", "2.1"] as const) {
      const converted = convertEnvelope(opened, "2.7", to) as { ok: boolean; data: { event: Record<string, unknown> } }
      const validate = validatorFor(to, "strict")
      expect(validate(converted), `${to}: ${errorsOf(validate)}`).toBe(true)
      expect(converted.data.event).toEqual({ kind: "window-opened", app: "ob", pid: 0, window_id: "NX", title: "" })
      const dropped = convertEnvelope({ ...opened, data: { found: true, elapsed_ms: 3, event: { kind: "events-dropped", count: 2 } } } as EnvelopeJson, "2.7", to)
      expect(dropped).toMatchObject({ ok: false, error: { code: "INVALID_ARGS", details: { kind: "contract_too_old" } } })
      expect(validate(dropped), `${to}: ${errorsOf(validate)}`).toBe(true)
    }
  })

  it("converts a batch's completed entries too: a pinned consumer reads every nested envelope in its version", () => {
    const snapshotEntry = {
      version: "2.7", ok: true, command: "snapshot", index: 0, execution: "completed",
      data: { app: "a", snapshot_id: "s123", ref_count: 0, complete: true, tree: { role: "window", source: "ocr", children: [{ role: "statictext", name: "Hi", confidence: 90, bounds: { x: 1, y: 2, width: 3, height: 4 } }] } }
    }
    const batch = ok("2.7", "batch", {
      results: [snapshotEntry, { index: 1, execution: "not_started", not_started_reason: "stop_on_error" }],
      semantics: { atomic: false, order: "sequential", batch_retries: false, command_retry_contracts: "preserved", successful_action_disposition: "data.disposition", error_disposition: "error.disposition" },
      total_entries: 2, completed_entries: 1, not_started_entries: 1, timeout_ms: 1000, elapsed_ms: 5,
      limits: { max_entries: 64, max_input_bytes: 1048576, max_output_bytes: 4194304 }, stopped: { reason: "stop_on_error", index: 1 }
    })
    const down = convertEnvelope(batch, "2.7", "2.6")
    expect(validatorFor("2.6", "strict")(down)).toBe(true)
    const [entry, notStarted] = (down.data as { results: Array<Record<string, unknown>> }).results
    expect(entry).toEqual({
      version: "2.6", ok: true, command: "snapshot", index: 0, execution: "completed",
      data: { app: "a", snapshot_id: "s123", ref_count: 0, complete: true, tree: { role: "window", children: [{ role: "statictext", name: "Hi", bounds: { x: 1, y: 2, width: 3, height: 4 } }] } }
    })
    expect(validatorFor("2.6", "strict")(Object.fromEntries(Object.entries(entry!).filter(([key]) => key !== "index" && key !== "execution")))).toBe(true)
    expect(notStarted).toEqual({ index: 1, execution: "not_started", not_started_reason: "stop_on_error" })
  })

  it("names the accessibility tree as the source of older envelopes on the way up", () => {
    const snapshot = ok("2.6", "snapshot", { app: "a", snapshot_id: "s123", ref_count: 0, complete: true, tree: { role: "window", children: [{ role: "button" }] } })
    expect(convertEnvelope(snapshot, "2.6", "2.7").data).toEqual({
      app: "a", snapshot_id: "s123", ref_count: 0, complete: true, tree: { role: "window", source: "atspi", children: [{ role: "button" }] }
    })
    const find = ok("2.6", "find", { matches: [{ ref_id: null, role: "button", value: null, states: [], interactive: false, path: [] }], total_matches: 1, truncated: false })
    expect(convertEnvelope(find, "2.6", "2.7").data).toMatchObject({ matches: [{ source: "atspi" }] })
  })

  it("does not mutate its input and rejects unknown versions", () => {
    const snapshot = ok("2.6", "snapshot", { app: "a", snapshot_id: "s123", ref_count: 0, complete: true, identity_unproven: true })
    const before = structuredClone(snapshot)
    convertEnvelope(snapshot, "2.6", "2.1")
    expect(snapshot).toEqual(before)
    expect(() => convertEnvelope(snapshot, "2.6", "1.0" as never)).toThrow(RangeError)
  })
})
