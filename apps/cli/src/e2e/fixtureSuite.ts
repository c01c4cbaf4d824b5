import { assert, describe, it } from "@effect/vitest"
import { controlFixture, fixtureControlPath, fixturePath, startDesktop, startSway, systemPython, type RunningDesktop, type RunningWaylandDesktop } from "@agent-desktop/desktop"
import { afterAll, beforeAll } from "vitest"
import { type ChildProcess, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { hostFamily } from "../test/warmHost.js"
import { BIN, cleanEnv, countingNode, envelopeOf, hostEnv, hostSocketIn, NATIVE, NODE, runBinary, tempHome } from "../test/binary.js"
import { assertAlive } from "./realapps/realApp.js"

/**
 * The real binary against a real GTK app on the project's virtual desktop: snapshot, act, read back, and every
 * ref-identity refusal produced by mutating the fixture between snapshot and action. Run twice: one-shot
 * (fixture.test.ts) and with a warm host serving every call (fixtureViaHost.test.ts), where the host's event-kept
 * mirror answers the observations between the fixture's mutations; the same assertions must hold either way, and
 * the session trace proves the host ran every call. Via the host, calls go through the installed command
 * (bin/agent-desktop), whose native client must serve every one of them without starting Node. On `sway` the same
 * suite runs with the fixture as a native Wayland client of headless sway (the wlroots display-server backend).
 */
export const fixtureSuite = (viaHost: boolean, session: "x11" | "sway" = "x11") => {
let desktop: RunningDesktop | RunningWaylandDesktop
let env: NodeJS.ProcessEnv
let host: ChildProcess | undefined
const node = countingNode()
const home = tempHome(viaHost ? "e2e-host" : "e2e")

beforeAll(async () => {
  desktop = session === "sway"
    ? await startSway({ apps: ["fixture"], timeoutMs: 60_000 })
    : await startDesktop({ apps: ["fixture"], timeoutMs: 60_000 })
  env = { ...(viaHost ? hostEnv(home) : cleanEnv(home)), ...desktop.env }
  if (!viaHost) return
  host = spawn(process.execPath, [BIN, "serve"], { env, stdio: ["ignore", "ignore", "inherit"] })
  for (let i = 0; i < 500 && !fs.existsSync(hostSocketIn(env)); i++) await new Promise((resolve) => setTimeout(resolve, 20))
  assert.isTrue(fs.existsSync(hostSocketIn(env)), "the host did not start")
  env = node.env({ ...env, AGENT_DESKTOP_SESSION: envelopeOf(runBinary(["session", "start", "--name", "via-host"], env))["data"]["session_id"] })
}, 120_000)

afterAll(async () => {
  try {
    if (host) {
      // Every invocation of the suite ran in the host: its trace's command.start events carry the runner's pid.
      const events = envelopeOf(runBinary(["trace", "show", "--session", env["AGENT_DESKTOP_SESSION"]!, "--limit", "0", "--event", "command.start"], { ...env, AGENT_DESKTOP_HOST: "off" }))["data"]["events"] as Array<Record<string, any>>
      // (but this `trace show`, run in-process on purpose).
      const starts = events.filter((event) => event["event"] === "command.start" && event["command"] !== "trace")
      assert.isAbove(starts.length, 20)
      // The host runs calls in its engine process (host/EngineProcess.ts): the host's family.
      const family = hostFamily(host.pid!)
      assert.deepEqual(starts.filter((event) => !family.has(event["pid"])).map((event) => JSON.stringify(event).slice(0, 300)), [])
      assert.equal(node.starts(), 0, "the native client started Node for some call")
    }
  } finally {
    if (host && host.exitCode === null) {
      host.kill("SIGTERM")
      await new Promise((resolve) => host!.once("exit", resolve))
    }
    await desktop?.stop()
  }
}, 60_000)

const cli = (...argv: Array<string>) => envelopeOf(runBinary(argv, env, viaHost ? NATIVE : NODE))
const control = (request: Parameters<typeof controlFixture>[1]) => controlFixture(fixtureControlPath(desktop.stateDir), request)

interface Node { ref_id?: string; role: string; name?: string; value?: string; states?: Array<string>; children?: Array<Node> }

const nodes = (tree: Node): Array<Node> => [tree, ...(tree.children ?? []).flatMap(nodes)]

const snapshot = () => {
  const envelope = cli("snapshot", "--app", "fixture", "-i", "--timeout-ms", "10000")
  assert.isTrue(envelope["ok"], JSON.stringify(envelope))
  return { data: envelope["data"], all: nodes(envelope["data"]["tree"]) }
}

const refOf = (all: Array<Node>, role: string, name: string) => {
  const node = all.find((n) => n.role === role && n.name === name)
  assert.isDefined(node?.ref_id, `no ${role} '${name}' in ${JSON.stringify(all.map((n) => [n.role, n.name]))}`)
  return node!.ref_id!
}

describe(`agent-desktop on the GTK fixture${session === "sway" ? " under headless sway" : ""}`, () => {
  it("snapshots the window completely, with refs only for interactive nodes", () => {
    const { data, all } = snapshot()
    assert.isTrue(data["complete"])
    assert.strictEqual(data["app"], "fixture")
    assert.notProperty(data, "identity_unproven")
    assert.isAbove(data["ref_count"], 3)
    assert.isTrue(all.filter((n) => n.ref_id !== undefined).every((n) => n.role !== "statictext"))
  })

  it("clicks the button and the fixture's counter changes", async () => {
    const { all } = snapshot()
    const envelope = cli("click", refOf(all, "button", "clicks: 0"))
    assert.isTrue(envelope["ok"], JSON.stringify(envelope))
    assert.include(["delivered_verified", "delivered_unverified"], envelope["data"]["disposition"]["delivery"])
    assert.strictEqual((await control({ op: "state", id: "button" })).label, "clicks: 1")
  })

  it("sets a value and reads it back", async () => {
    const { all } = snapshot()
    const envelope = cli("set-value", refOf(all, "textfield", "Name"), "hello")
    assert.isTrue(envelope["ok"], JSON.stringify(envelope))
    assert.strictEqual(envelope["data"]["disposition"]["delivery"], "delivered_verified")
    assert.strictEqual((await control({ op: "state", id: "entry" })).text, "hello")
  })

  it("toggles a check box, verifies it, and treats check on a checked box as already satisfied", async () => {
    const { all } = snapshot()
    const ref = refOf(all, "checkbox", "Enable feature")
    const toggled = cli("toggle", ref)
    assert.isTrue(toggled["ok"], JSON.stringify(toggled))
    assert.strictEqual(toggled["data"]["disposition"]["delivery"], "delivered_verified")
    assert.isTrue((await control({ op: "state", id: "check" })).active)
    const again = snapshot()
    const checked = cli("check", refOf(again.all, "checkbox", "Enable feature"))
    assert.deepStrictEqual(checked["data"]["disposition"], { delivery: "not_delivered", retry: "safe" })
    assert.strictEqual(checked["data"]["steps"][0]["outcome"], "skipped")
  })

  it("types, clears, sets numeric values, selects, expands and collapses, each read back where 2.4 asks", async () => {
    const { all } = snapshot()
    const name = refOf(all, "textfield", "Name")
    const verified = (envelope: Record<string, any>) => {
      assert.isTrue(envelope["ok"], JSON.stringify(envelope))
      return envelope["data"]["disposition"]["delivery"]
    }
    assert.strictEqual(verified(cli("clear", name)), "delivered_verified")
    assert.strictEqual(verified(cli("type", name, "abc")), "delivered_verified")
    assert.strictEqual((await control({ op: "state", id: "entry" })).text, "abc")
    assert.strictEqual(verified(cli("clear", name)), "delivered_verified")
    assert.strictEqual(verified(cli("set-value", refOf(all, "incrementor", "Amount"), "5")), "delivered_verified")
    assert.strictEqual((await control({ op: "state", id: "spin" })).value, 5)
    assert.strictEqual(verified(cli("set-value", refOf(all, "slider", "Level"), "7")), "delivered_verified")
    const combo = all.find((n) => n.role === "combobox")!.ref_id!
    assert.include(["delivered_verified", "delivered_unverified"], verified(cli("select", combo, "Blue")))
    const more = refOf(all, "button", "More")
    assert.strictEqual(verified(cli("expand", more)), "delivered_verified")
    assert.isTrue((await control({ op: "state", id: "expander" })).expanded)
    assert.strictEqual(verified(cli("collapse", more)), "delivered_verified")
  })

  // The false ACTION_FAILED on GTK 3: a combo box's expand opened its popup and was reported failed (at-spi2-atk
  // sets no EXPANDED; its menu child shows), a slider's second set-value was STALE_REF (a drawn value is its
  // description), toggle on a plain menu item clicked it and then reported failure, so a retry clicked it again.
  it("GTK 3: actions that worked are never reported failed, a retry never acts twice, toggle without a checked state sends nothing", async () => {
    await control({ op: "add", kind: "menuitem", label: "Count", id: "count" })
    await control({ op: "add", kind: "checkmenuitem", label: "Wrap", id: "wrap" })
    try {
      const { all } = snapshot()
      const delivery = (envelope: Record<string, any>) => {
        assert.isTrue(envelope["ok"], JSON.stringify(envelope))
        return envelope["data"]["disposition"]["delivery"]
      }
      const combo = refOf(all, "combobox", "Color")
      assert.strictEqual(delivery(cli("expand", combo)), "delivered_verified")
      assert.isTrue((await control({ op: "state", id: "combo" })).popup_shown)
      assert.strictEqual(delivery(cli("expand", combo)), "not_delivered", "expanded already: nothing sent, the popup stays open")
      assert.isTrue((await control({ op: "state", id: "combo" })).popup_shown)
      assert.strictEqual(delivery(cli("collapse", combo)), "delivered_verified")
      assert.isFalse((await control({ op: "state", id: "combo" })).popup_shown)

      const level = refOf(all, "slider", "Level")
      assert.strictEqual(delivery(cli("set-value", level, "3")), "delivered_verified")
      assert.strictEqual((await control({ op: "state", id: "scale" })).value, 3)
      assert.strictEqual(delivery(cli("set-value", level, "8")), "delivered_verified", "the same ref, after its value changed")
      assert.strictEqual((await control({ op: "state", id: "scale" })).value, 8)

      const count = refOf(all, "menuitem", "Count")
      for (const refused of [cli("toggle", count), cli("check", count)]) {
        assert.strictEqual(refused["error"]["code"], "ACTION_NOT_SUPPORTED", JSON.stringify(refused))
        assert.deepStrictEqual(refused["error"]["disposition"], { delivery: "not_delivered", retry: "safe" })
      }
      assert.strictEqual((await control({ op: "state", id: "count" })).activations, 0)
      assert.strictEqual(delivery(cli("click", count)), "delivered_unverified")
      assert.strictEqual((await control({ op: "state", id: "count" })).activations, 1)

      const wrap = refOf(all, "menuitem", "Wrap")
      assert.strictEqual(delivery(cli("toggle", wrap)), "delivered_verified")
      assert.deepInclude(await control({ op: "state", id: "wrap" }), { active: true, activations: 1 })
      assert.strictEqual(delivery(cli("check", wrap)), "not_delivered")
      assert.strictEqual(delivery(cli("uncheck", wrap)), "delivered_verified")
      assert.deepInclude(await control({ op: "state", id: "wrap" }), { active: false, activations: 2 })
      assertAlive(env, "fixture")
    } finally {
      await control({ op: "remove", id: "count" })
      await control({ op: "remove", id: "wrap" })
    }
  })

  it("finds by role and name, and lists the roles present when nothing matches", () => {
    const found = cli("find", "--app", "fixture", "--role", "checkbox", "--name", "enable", "--first")
    assert.strictEqual(found["data"]["match"]["name"], "Enable feature")
    assert.isString(found["data"]["snapshot_id"])
    const none = cli("find", "--app", "fixture", "--role", "slider", "--name", "no such thing")
    assert.strictEqual(none["data"]["total_matches"], 0)
    assert.include(none["data"]["roles_present"], "slider")
    assert.strictEqual(cli("find", "--app", "fixture", "--role", "checkbox", "--count")["data"]["count"], 1)
  })

  it("reads properties and states of a ref with get and is", () => {
    const { all } = snapshot()
    const ref = refOf(all, "checkbox", "Enable feature")
    const got = cli("get", ref, "--property", "role")
    assert.strictEqual(got["data"]["value"], "checkbox")
    const enabled = cli("is", ref, "--property", "enabled")
    assert.deepStrictEqual([enabled["data"]["result"], enabled["data"]["applicable"]], [true, true])
  })

  it("drills into an element with --root: same snapshot id, new refs continue the counter", () => {
    const { data, all } = snapshot()
    const combo = all.find((n) => n.role === "combobox" && n.ref_id !== undefined)
    assert.isDefined(combo, JSON.stringify(all.map((n) => [n.role, n.name])))
    const drilled = cli("snapshot", "--root", combo!.ref_id!, "--timeout-ms", "10000")
    assert.isTrue(drilled["ok"], JSON.stringify(drilled))
    assert.strictEqual(drilled["data"]["snapshot_id"], data["snapshot_id"])
    assert.strictEqual(drilled["data"]["tree"]["role"], "combobox")
    // The root keeps the ref it was drilled by; the refs below it continue the counter.
    assert.strictEqual(drilled["data"]["tree"]["ref_id"], combo!.ref_id)
    const fresh = nodes(drilled["data"]["tree"]).slice(1).filter((n) => n.ref_id !== undefined)
    const counter = data["ref_count"] as number
    assert.isNotEmpty(fresh)
    assert.isTrue(fresh.every((n) => Number(n.ref_id!.split(":e")[1]) > counter), JSON.stringify(fresh))
  })

  it("waits for text that an action makes appear, and --wait-for after an action", async () => {
    const { all } = snapshot()
    const label = (await control({ op: "state", id: "button" })).label!
    const next = `clicks: ${Number(label.split(": ")[1]) + 1}`
    const acted = cli("click", refOf(all, "button", label), "--wait-for", `button:${next}`, "--wait-timeout", "10000")
    assert.isTrue(acted["ok"], JSON.stringify(acted))
    assert.strictEqual(acted["data"]["matched_selector"], `button:${next}`)
    assert.strictEqual(acted["data"]["after_action"]["action"], "click")
    const waited = cli("wait", "--text", next, "--app", "fixture", "--timeout", "5000")
    assert.isTrue(waited["data"]["found"])
    const window = cli("wait", "--window", "Fixture", "--timeout", "5000")
    assert.strictEqual(window["data"]["window"]["app_name"], "fixture")
    const element = cli("wait", "--element", refOf(snapshot().all, "checkbox", "Enable feature"), "--predicate", "enabled", "--timeout", "5000")
    assert.strictEqual(element["data"]["predicate"], "enabled")
    const gone = cli("snapshot", "--app", "fixture", "--wait-for-gone", "dialog:Never there", "--wait-timeout", "5000")
    assert.isNumber(gone["data"]["elapsed_ms"])
    const missing = cli("wait", "--text", "never shown", "--app", "fixture", "--timeout", "300")
    assert.strictEqual(missing["error"]["code"], "TIMEOUT")
    assert.strictEqual(missing["error"]["details"]["kind"], "wait_timeout")
  })

  it("presses keys into the app's window", () => {
    const envelope = cli("press", "tab", "--app", "fixture")
    assert.isTrue(envelope["ok"], JSON.stringify(envelope))
    assert.strictEqual(envelope["data"]["action"], "press")
    assert.strictEqual(cli("press", "ctrl+alt+delete", "--app", "fixture")["error"]["code"], "POLICY_DENIED")
  })

  it("lists apps and windows", () => {
    const apps = cli("list-apps")
    assert.isTrue(apps["data"]["apps"].some((app: { name: string }) => app.name === "fixture"))
    const windows = cli("list-windows", "--app", "fixture")
    assert.strictEqual(windows["data"][0]["title"], "Fixture")
  })

  it("refuses a ref whose element was removed: STALE_REF saved_ref_absent, nothing sent", async () => {
    await control({ op: "add", kind: "button", label: "Ephemeral", id: "eph" })
    const ref = refOf(snapshot().all, "button", "Ephemeral")
    await control({ op: "remove", id: "eph" })
    const envelope = cli("click", ref)
    assert.strictEqual(envelope["error"]["code"], "STALE_REF")
    assert.strictEqual(envelope["error"]["details"]["kind"], "saved_ref_absent")
    assert.isFalse(envelope["error"]["details"]["retryable"])
    assert.strictEqual(envelope["error"]["disposition"]["delivery"], "not_delivered")
  })

  // Contract 2.6 on Linux: an AT-SPI object path is an address, not identity evidence, so a duplicated widget
  // (which gets a fresh path) is a twin the saved ref must refuse, never "provably itself".
  it("refuses a ref whose twin appeared after capture: AMBIGUOUS_TARGET saved_ref_ambiguous", async () => {
    await control({ op: "add", kind: "button", label: "Solo", id: "solo" })
    const ref = refOf(snapshot().all, "button", "Solo")
    await control({ op: "duplicate", id: "solo" })
    const envelope = cli("click", ref)
    assert.strictEqual(envelope["error"]["code"], "AMBIGUOUS_TARGET")
    assert.strictEqual(envelope["error"]["details"]["kind"], "saved_ref_ambiguous")
    assert.isFalse(envelope["error"]["details"]["retryable"])
    assert.notProperty(envelope["error"], "recovery")
    assert.strictEqual(envelope["error"]["disposition"]["delivery"], "not_delivered")
  })

  it("tells duplicated check boxes apart by their place: check on the copy checks the copy (the fixture's own state)", async () => {
    await control({ op: "add", kind: "check", label: "Twin box", id: "twinbox" })
    const copy = (await control({ op: "duplicate", id: "twinbox" })).id!
    try {
      const boxes = snapshot().all.filter((n) => n.role === "checkbox" && n.name === "Twin box")
      assert.lengthOf(boxes, 2)
      assert.notProperty(boxes[1]!, "hint")
      const checked = cli("check", boxes[1]!.ref_id!)
      assert.isTrue(checked["ok"], JSON.stringify(checked))
      assert.isTrue((await control({ op: "state", id: copy })).active)
      assert.isFalse((await control({ op: "state", id: "twinbox" })).active)
    } finally {
      await control({ op: "remove", id: copy })
      await control({ op: "remove", id: "twinbox" })
    }
  })

  it("refuses true twins (the same check box in two rows of one name), marks them, and the way the mark names works", async () => {
    await control({ op: "add", kind: "row", label: "Row", id: "rowa" })
    const second = (await control({ op: "duplicate", id: "rowa" })).id!
    try {
      const twins = snapshot().all.filter((n) => n.role === "checkbox" && n.name === "Done") as Array<Node & { hint?: string }>
      assert.lengthOf(twins, 2)
      const envelope = cli("click", twins[1]!.ref_id!)
      assert.strictEqual(envelope["error"]["code"], "AMBIGUOUS_TARGET")
      assert.strictEqual(envelope["error"]["details"]["kind"], "identity_not_unique")
      assert.isFalse(envelope["error"]["details"]["retryable"])
      assert.notProperty(envelope["error"], "recovery")
      assert.isFalse((await control({ op: "state", id: second })).active)
      // A read needs no unique identity.
      assert.isTrue(cli("get", twins[1]!.ref_id!, "--property", "bounds")["ok"])
      // The snapshot said so, and named a pointer click at its centre: that reaches the second row's box.
      const xy = /--headed mouse-click --xy (\d+),(\d+)/.exec(twins[1]!.hint ?? "")
      assert.isNotNull(xy, JSON.stringify(twins[1]))
      assert.isTrue(cli("--headed", "mouse-click", "--xy", `${xy![1]},${xy![2]}`)["ok"])
      for (let i = 0; i < 20 && !(await control({ op: "state", id: second })).active; i++) await new Promise((resolve) => setTimeout(resolve, 100))
      assert.isTrue((await control({ op: "state", id: second })).active)
      assert.isFalse((await control({ op: "state", id: "rowa" })).active)
    } finally {
      await control({ op: "remove", id: second })
      await control({ op: "remove", id: "rowa" })
    }
  })

  it("returns a partial, identity-unproven snapshot when the budget runs out (2.2: never a TIMEOUT)", () => {
    const partial = cli("snapshot", "--app", "fixture", "--timeout-ms", "0")
    assert.isTrue(partial["ok"], JSON.stringify(partial))
    assert.isFalse(partial["data"]["complete"])
    assert.isTrue(partial["data"]["truncated"])
    assert.isTrue(partial["data"]["identity_unproven"])
    assert.isNumber(partial["data"]["nodes_observed"])
  })

  it("answers TIMEOUT resolution_identity_unknown when the live window cannot be read in the action's budget", () => {
    const ref = refOf(snapshot().all, "checkbox", "Enable feature")
    const envelope = cli("click", ref, "--timeout-ms", "0")
    assert.strictEqual(envelope["error"]["code"], "TIMEOUT")
    assert.strictEqual(envelope["error"]["details"]["kind"], "resolution_identity_unknown")
    assert.strictEqual(envelope["error"]["disposition"]["delivery"], "not_delivered")
  })

  it("launches an app with the caller's environment (via the host: its client's, not the host's), then closes it", () => {
    const mark = `caller-${process.pid}-${viaHost ? "host" : "one-shot"}`
    const launched = envelopeOf(runBinary(["launch", systemPython, "--arg", fixturePath("grid.py"), "--arg", "2"], { ...env, AD_CALLER_MARK: mark }, viaHost ? NATIVE : NODE))
    assert.isTrue(launched["ok"], JSON.stringify(launched))
    const pid = launched["data"]["pid"] as number
    assert.include(fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0"), `AD_CALLER_MARK=${mark}`)
    assert.isTrue(cli("close-app", "grid", "--force")["ok"])
  })

  it("answers a click after the app was killed with APP_NOT_FOUND or STALE_REF, promptly", async () => {
    const ref = refOf(snapshot().all, "checkbox", "Enable feature")
    await control({ op: "quit" }).catch(() => undefined)
    const started = Date.now()
    const envelope = cli("click", ref)
    assert.include(["APP_NOT_FOUND", "STALE_REF", "WINDOW_NOT_FOUND"], envelope["error"]["code"])
    assert.strictEqual(envelope["error"]["disposition"]["delivery"], "not_delivered")
    assert.isBelow(Date.now() - started, 30_000)
  })
})
}
