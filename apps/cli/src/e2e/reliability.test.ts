import { assert, describe, it } from "@effect/vitest"
import { controlFixture, fixtureControlPath, startDesktop, type RunningDesktop } from "@agent-desktop/desktop"
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll } from "vitest"
import { BIN, cleanEnv, envelopeOf, runBinary, tempHome, type RunResult } from "../test/binary.js"
import { holdStoreLock } from "../test/lockHolder.js"

/**
 * The probe's delivery findings on a real GTK app: a click the app received is never reported as not delivered —
 * not when the store fails during the wait that follows it (finding 2), not when a signal ends the wait (finding 4).
 */
let desktop: RunningDesktop
let env: NodeJS.ProcessEnv
const home = tempHome("e2e-reliability")

beforeAll(async () => {
  desktop = await startDesktop({ apps: ["fixture"], timeoutMs: 60_000 })
  env = { ...cleanEnv(home), ...desktop.env }
}, 120_000)

afterAll(async () => {
  await desktop?.stop()
})

const control = (request: Parameters<typeof controlFixture>[1]) => controlFixture(fixtureControlPath(desktop.stateDir), request)

const running = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"))
  } catch {
    return false
  }
}

/** Kills the fixture and starts a fresh process: every ref of an earlier snapshot now names a dead one. */
const restartFixture = async () => {
  const pid = desktop.apps.find((app) => app.name === "fixture")!.pid
  process.kill(pid, "SIGTERM")
  for (let i = 0; i < 200 && running(pid); i++) await sleep(25)
  await desktop.launch("fixture")
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Node { ref_id?: string; role: string; name?: string; children?: Array<Node> }
const nodes = (tree: Node): Array<Node> => [tree, ...(tree.children ?? []).flatMap(nodes)]

/** The counter button's ref and its current count. */
const counter = (extra: NodeJS.ProcessEnv = {}) => {
  const envelope = envelopeOf(runBinary(["snapshot", "--app", "fixture", "-i", "--timeout-ms", "10000"], { ...env, ...extra }))
  const button = nodes(envelope["data"]["tree"]).find((n) => n.role === "button" && /^clicks: \d+$/.test(n.name ?? ""))!
  return { ref: button.ref_id!, count: Number(button.name!.split(": ")[1]) }
}

const clicked = async (count: number) => {
  for (let i = 0; i < 200; i++) {
    if ((await control({ op: "state", id: "button" })).label === `clicks: ${count + 1}`) return
    await sleep(50)
  }
  throw new Error("the fixture never received the click")
}

const start = (argv: ReadonlyArray<string>, extra: NodeJS.ProcessEnv = {}) => {
  const child = spawn(process.execPath, [BIN, ...argv], { env: { ...env, ...extra } })
  let stdout = ""
  let stderr = ""
  child.stdout.on("data", (chunk) => (stdout += chunk))
  child.stderr.on("data", (chunk) => (stderr += chunk))
  const done = new Promise<RunResult>((resolve) => child.on("close", (code) => resolve({ exit: code ?? -1, stdout, stderr })))
  return { child, done }
}

describe("delivery evidence under faults, on the GTK fixture", () => {
  it("a click whose --wait-for meets a locked store still says delivered (the store failure is in details)", async () => {
    const { ref, count } = counter()
    const run = start(["click", ref, "--wait-for", "button:Ready", "--wait-timeout", "30000"])
    await clicked(count)
    const lock = await holdStoreLock(path.join(home, "events.db"))
    try {
      await control({ op: "add", kind: "button", label: "Ready", id: "ready" })
      const result = await run.done
      const envelope = envelopeOf(result)
      assert.isFalse(envelope["ok"], result.stdout)
      assert.include(["delivered_unverified", "delivered_verified"], envelope["error"]["disposition"]["delivery"])
      assert.strictEqual(envelope["error"]["disposition"]["retry"], "unsafe")
      assert.notProperty(envelope["error"], "recovery")
      assert.strictEqual(envelope["error"]["details"]["store_failure"]["reason"], "busy")
      assert.notMatch(result.stderr, /\n\s+at /, "warnings carry no stack trace")
    } finally {
      await lock.release()
      await control({ op: "remove", id: "ready" })
    }
    // The app's own count: clicked exactly once.
    assert.strictEqual((await control({ op: "state", id: "button" })).label, `clicks: ${count + 1}`)
  }, 90_000)

  it("SIGTERM during the wait after a click: one envelope that says delivered, the session trace ends it, exit 143", async () => {
    const session = envelopeOf(runBinary(["session", "start"], env))["data"]["session_id"] as string
    const { ref, count } = counter({ AGENT_DESKTOP_SESSION: session })
    const run = start(["click", ref, "--wait-for", "button:Never", "--wait-timeout", "30000"], { AGENT_DESKTOP_SESSION: session })
    await clicked(count)
    await sleep(200)
    run.child.kill("SIGTERM")
    const result = await run.done
    assert.strictEqual(result.exit, 143, result.stderr)
    const lines = result.stdout.split("\n")
    assert.strictEqual(lines.length, 2, result.stdout)
    const envelope = JSON.parse(lines[0]!)
    assert.strictEqual(envelope.error.details.kind, "interrupted")
    assert.include(["delivered_unverified", "delivered_verified"], envelope.error.disposition.delivery)
    const trace = envelopeOf(runBinary(["trace", "show", "--event", "command.", "--session", session], env))
    const ends = trace["data"]["events"].filter((e: { event: string; command?: string }) => e.event === "command.end" && e.command === "click")
    assert.strictEqual(ends.length, 1)
    assert.include(["delivered_unverified", "delivered_verified"], ends[0].disposition.delivery)
  }, 90_000)

  it("text typed into a field stays out of the stored RefMaps (the database and its WAL)", async () => {
    const secretHome = tempHome("e2e-refmap")
    const secretEnv = { ...cleanEnv(secretHome), ...desktop.env }
    const snap = envelopeOf(runBinary(["snapshot", "--app", "fixture", "-i", "--timeout-ms", "10000"], secretEnv))
    const field = nodes(snap["data"]["tree"]).find((n) => n.role === "textfield" && n.name === "Name")!
    assert.isTrue(envelopeOf(runBinary(["set-value", field.ref_id!, "PLANTED-SECRET-field"], secretEnv))["ok"])
    assert.strictEqual((await control({ op: "state", id: "entry" })).text, "PLANTED-SECRET-field")
    // Snapshots after the field holds the text: every one saves a RefMap.
    envelopeOf(runBinary(["snapshot", "--app", "fixture", "--timeout-ms", "10000"], secretEnv))
    envelopeOf(runBinary(["find", "--app", "fixture", "--role", "textfield"], secretEnv))
    const stored = ["events.db", "events.db-wal"].map((file) => path.join(secretHome, file)).filter((file) => fs.existsSync(file))
      .map((file) => fs.readFileSync(file).toString("latin1")).join("")
    assert.include(stored, "textfield")
    assert.notInclude(stored, "PLANTED-SECRET")
  }, 90_000)

  it("kill -9 during the wait after a click: the next run closes that invocation with the click's delivery, never not_delivered", async () => {
    const session = envelopeOf(runBinary(["session", "start"], env))["data"]["session_id"] as string
    const { ref, count } = counter({ AGENT_DESKTOP_SESSION: session })
    const run = start(["click", ref, "--wait-for", "button:Never", "--wait-timeout", "30000"], { AGENT_DESKTOP_SESSION: session })
    await clicked(count)
    await sleep(200)
    run.child.kill("SIGKILL")
    const killed = await run.done
    assert.strictEqual(killed.stdout, "")
    // Any later invocation closes what the dead one left open.
    envelopeOf(runBinary(["session", "list"], env))
    const trace = envelopeOf(runBinary(["trace", "show", "--event", "command.", "--session", session], env))
    const ends = trace["data"]["events"].filter((e: { event: string; abandoned?: boolean }) => e.event === "command.end" && e.abandoned === true)
    assert.strictEqual(ends.length, 1, JSON.stringify(trace["data"]["events"]))
    assert.include(["delivered_unverified", "delivered_verified"], ends[0].disposition.delivery)
  }, 90_000)

  it("--auto-recover: after the app restarted, STALE_REF sends nothing; with the flag the check box is re-found and checked", async () => {
    const snap = envelopeOf(runBinary(["snapshot", "--app", "fixture", "-i", "--timeout-ms", "10000"], env))
    const old = nodes(snap["data"]["tree"]).find((n) => n.role === "checkbox" && n.name === "Enable feature")!.ref_id!
    await restartFixture()
    const plain = envelopeOf(runBinary(["check", old], env))
    assert.strictEqual(plain["error"]["code"], "STALE_REF", JSON.stringify(plain))
    assert.isFalse((await control({ op: "state", id: "check" })).active)
    const recovered = envelopeOf(runBinary(["check", old, "--auto-recover"], env))
    assert.isTrue(recovered["ok"], JSON.stringify(recovered))
    assert.isTrue((await control({ op: "state", id: "check" })).active)
  }, 90_000)
})
