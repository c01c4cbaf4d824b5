import { controlFixture, fixtureControlPath, fixturePath, qtApp, qtExample, startDesktop, type RunningApp, type RunningDesktop } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import * as fs from "node:fs"
import { join } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { afterAll, beforeAll } from "vitest"
import { cleanEnv, envelopeOf, runBinary, tempHome } from "../../test/binary.js"
import { assertAlive, eventually, installed, nodes, ok, probeRead, refOf, type Node } from "./realApp.js"

/**
 * `trace replay` and `trace export --as batch` through the real binary, on three toolkits: the GTK fixture (a 10-step
 * session replayed after the app restarts, then again after a check button is renamed, then as an exported batch),
 * the Qt 5 calculator and a form page in Chromium. Sessions are recorded with the CLI as an agent would drive it; the
 * app is restarted (a new process) before each replay; every end state is read outside the tool: the fixture's
 * control socket, libatspi (atspi_probe.py), the page's own log in its title.
 */

/** A replay runs many steps in one call: more time than one command's 30 s. */
const LONG_MS = 120_000

const gone = async (pid: number) => {
  for (let i = 0; i < 200; i++) {
    try {
      process.kill(pid, 0)
    } catch {
      return
    }
    await sleep(50)
  }
  throw new Error(`process ${pid} did not exit`)
}

/** Ends an app this test started (its process group: a browser's helpers go with it), and waits until it is gone. */
const stopApp = async (app: RunningApp) => {
  try {
    process.kill(-app.pid, "SIGTERM")
  } catch {
    process.kill(app.pid, "SIGTERM")
  }
  await gone(app.pid)
}

const recorder = (cli: (...argv: Array<string>) => Record<string, any>) => {
  const session = ok(cli("session", "start", "--name", "recording"))["session_id"] as string
  return {
    session,
    /** A command of the recording, in its session. */
    run: (...argv: Array<string>) => ok(cli("--session", session, ...argv)),
    end: () => ok(cli("session", "end", session))
  }
}

describe("trace replay on the GTK fixture", () => {
  let desktop: RunningDesktop | undefined
  let env: NodeJS.ProcessEnv = {}
  let fixture: RunningApp | undefined
  const home = tempHome("replay-gtk")
  const cli = (...argv: Array<string>) => envelopeOf(runBinary(argv, env))
  const long = (...argv: Array<string>) => envelopeOf(runBinary(argv, env, undefined, LONG_MS))
  const control = (request: Parameters<typeof controlFixture>[1]) => controlFixture(fixtureControlPath(desktop!.stateDir), request)

  beforeAll(async () => {
    desktop = await startDesktop({ apps: ["fixture"], timeoutMs: 60_000 })
    fixture = desktop.apps[0]
    env = { ...cleanEnv(home), ...desktop.env }
  }, 120_000)
  afterAll(async () => {
    await desktop?.stop()
  })

  const restart = async () => {
    await control({ op: "quit" })
    await gone(fixture!.pid)
    fixture = await desktop!.launch("fixture")
  }

  const WIDGETS = ["button", "entry", "check", "spin", "scale", "combo", "expander"] as const
  const state = async () => {
    const out: Record<string, Record<string, unknown>> = {}
    for (const id of WIDGETS) {
      const { label, text, active, value, expanded } = await control({ op: "state", id })
      out[id] = Object.fromEntries(Object.entries({ label, text, active, value, expanded }).filter(([, v]) => v !== undefined && v !== null))
    }
    return out
  }
  const END_STATE = {
    button: { label: "clicks: 3" },
    entry: { label: "Name", text: "Alice" },
    check: { label: "Enable feature", active: true },
    spin: { label: "Amount", text: "8", value: 8 },
    scale: { label: "Level", value: 7 },
    combo: { label: "Color", text: "Blue" },
    expander: { label: "More", expanded: true }
  }

  let session = ""

  it("a recorded 10-step session replays after the app restarts: the same end state, read back by the fixture", async () => {
    const recording = recorder(cli)
    session = recording.session
    const snap = () => nodes(recording.run("snapshot", "--app", "fixture", "-i")["tree"] as Node)
    let all = snap()
    recording.run("click", refOf(all, "button", "clicks: 0"))
    all = snap()
    recording.run("click", refOf(all, "button", "clicks: 1"))
    all = snap()
    recording.run("type", refOf(all, "textfield", "Name"), "Alice")
    recording.run("set-value", refOf(all, "incrementor", "Amount"), "5")
    recording.run("check", refOf(all, "checkbox", "Enable feature"))
    recording.run("expand", refOf(all, "button", "More"))
    all = snap()
    recording.run("select", refOf(all, "combobox", "Color"), "Blue")
    recording.run("set-value", refOf(all, "slider", "Level"), "7")
    all = snap()
    recording.run("click", refOf(all, "button", "clicks: 2"))
    all = snap()
    recording.run("set-value", refOf(all, "incrementor", "Amount"), "8")
    snap()
    recording.end()
    assert.deepInclude(await state(), END_STATE)

    // The typed text was never stored: the store holds its name, not the text.
    const stored = fs.readdirSync(home).filter((name) => name.startsWith("events.db")).map((name) => fs.readFileSync(join(home, name)).toString("latin1")).join("")
    assert.notInclude(stored, "Alice")

    await restart()
    assert.strictEqual((await state())["button"]!["label"], "clicks: 0")
    const dry = ok(cli("trace", "replay", session, "--dry-run"))
    assert.deepStrictEqual(dry["secrets"], [{ name: "NAME", env: "AGENT_DESKTOP_SECRET_NAME", source: "missing" }])
    assert.strictEqual((await state())["button"]!["label"], "clicks: 0", "a dry run sends nothing")
    const refused = cli("trace", "replay", session)
    assert.strictEqual(refused["error"]["details"]["kind"], "replay_secret_missing")

    const replayed = ok(long("trace", "replay", session, "--secret", "NAME=Alice"))
    assert.deepStrictEqual(replayed["steps"].filter((step: any) => step.role === "action").map((step: any) => step.status), Array(10).fill("passed"))
    assert.isTrue(replayed["steps"].every((step: any) => step.status === "passed"))
    assert.deepInclude(await state(), END_STATE)
    // The replay is a session of its own, with each step's invocation in its trace.
    const trace = ok(cli("trace", "show", replayed["replay_session_id"], "--limit", "0", "--event", "command.start"))
    assert.strictEqual(trace["events"].filter((event: any) => ["click", "type", "set-value", "check", "expand", "select"].includes(event.command)).length, 10)
    assertAlive(env, "fixture")
  }, 240_000)

  it("after a check button is renamed, the replay stops at its step with the recorded and the observed element", async () => {
    await restart()
    await control({ op: "rename", id: "check", label: "Enable beta" })
    const stopped = long("trace", "replay", session, "--secret", "NAME=Alice", "--timeout-ms", "1500")
    assert.isFalse(stopped["ok"])
    const error = stopped["error"]
    assert.strictEqual(error["code"], "ELEMENT_NOT_FOUND")
    assert.strictEqual(error["details"]["kind"], "replay_diverged")
    assert.strictEqual(error["details"]["reason"], "target_absent")
    assert.strictEqual(error["details"]["step"]["command"], "check")
    assert.include(error["details"]["expected"], { role: "checkbox", name: "Enable feature" })
    assert.include(error["details"]["observed"]["at_path"], { role: "checkbox", name: "Enable beta" })
    assert.deepStrictEqual(error["details"]["differences"], [{ field: "name", expected: "Enable feature", observed: "Enable beta" }])
    assert.deepStrictEqual(error["disposition"], { delivery: "delivered_unverified", retry: "unsafe" })
    const now = await state()
    assert.deepInclude(now, { button: { label: "clicks: 2" }, check: { label: "Enable beta", active: false }, combo: { label: "Color", text: "Red" } })
    assert.strictEqual(now["entry"]!["text"], "Alice")
  }, 240_000)

  it("trace export --as batch writes a file a person can read and run: the same end state", async () => {
    await restart()
    const out = join(home, "replay-batch.json")
    const exported = ok(cli("trace", "export", session, "--as", "batch", "--out", out))
    assert.strictEqual(exported["entries"], 10)
    assert.deepStrictEqual(exported["environment"], ["AGENT_DESKTOP_SECRET_NAME"])
    const text = fs.readFileSync(out, "utf8")
    assert.notInclude(text, "Alice")
    assert.deepStrictEqual(JSON.parse(text)[2], {
      command: "type",
      args: { text: { env: "AGENT_DESKTOP_SECRET_NAME" }, ref_id: { app: "fixture", window: "Fixture", role: "textfield", name: "Name", path: [0, 1], path_child_counts: [1, 8] } }
    })
    const ran = ok(envelopeOf(runBinary(["batch", text, "--stop-on-error"], { ...env, AGENT_DESKTOP_SECRET_NAME: "Alice" }, undefined, LONG_MS)))
    assert.strictEqual(ran["completed_entries"], 10)
    assert.deepInclude(await state(), END_STATE)
  }, 240_000)
})

const calculator = qtExample("calculator")
describe.skipIf(!installed(calculator, "replay on Qt"))("trace replay on the Qt 5 calculator", () => {
  let desktop: RunningDesktop | undefined
  let env: NodeJS.ProcessEnv = {}
  let app: RunningApp | undefined
  const home = tempHome("replay-qt")
  const cli = (...argv: Array<string>) => envelopeOf(runBinary(argv, env))
  const spec = qtApp("calculator")

  beforeAll(async () => {
    desktop = await startDesktop({ apps: [spec], timeoutMs: 90_000 })
    app = desktop.apps[0]
    env = { ...cleanEnv(home), ...desktop.env }
  }, 150_000)
  afterAll(async () => {
    await desktop?.stop()
  })

  const display = () => String(probeRead(env, "calculator", "text")["text"])

  it("7 + 8 = recorded, the calculator restarted, replayed: its display (libatspi) shows 15", async () => {
    const recording = recorder(cli)
    const all = nodes(recording.run("snapshot", "--app", "calculator", "-i", "--timeout-ms", "15000")["tree"] as Node)
    for (const key of ["7", "+", "8", "="]) recording.run("click", refOf(all, "button", key))
    recording.run("snapshot", "--app", "calculator", "-i", "--timeout-ms", "15000")
    recording.end()
    assert.strictEqual(display(), "15")

    await stopApp(app!)
    app = await desktop!.launch(spec)
    assert.strictEqual(display(), "0")
    const replayed = ok(envelopeOf(runBinary(["trace", "replay", recording.session], env, undefined, LONG_MS)))
    assert.deepStrictEqual(replayed["steps"].map((step: any) => [step.command, step.status]), [
      ["snapshot", "passed"], ["click", "passed"], ["click", "passed"], ["click", "passed"], ["click", "passed"], ["snapshot", "passed"]
    ])
    assert.strictEqual(eventually(display, "15"), "15")
    assertAlive(env, "calculator")
  }, 240_000)
})

const chromium = "/usr/lib/chromium/chromium"
describe.skipIf(!installed(chromium, "replay on Chromium"))("trace replay on a form page in Chromium", () => {
  let desktop: RunningDesktop | undefined
  let env: NodeJS.ProcessEnv = {}
  let browser: RunningApp | undefined
  const home = tempHome("replay-chromium")
  const cli = (...argv: Array<string>) => envelopeOf(runBinary(argv, env))
  const spec = `chromium:file://${fixturePath("form.html")}`
  let session = ""

  beforeAll(async () => {
    desktop = await startDesktop({ apps: [spec], timeoutMs: 90_000 })
    browser = desktop.apps[0]
    env = { ...cleanEnv(home), ...desktop.env }
  }, 150_000)
  afterAll(async () => {
    await desktop?.stop()
  })

  /** The page's own log: its title, as libatspi reads the window's name. */
  const title = () => String(probeRead(env, "Chromium", "frame")["name"]).replace(/ - Chromium$/, "")

  /** The page's title once it logged a submission (bounded). */
  const submittedTitle = (): string => {
    let now = title()
    for (let attempt = 0; attempt < 40 && !now.includes(" submitted "); attempt++) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 150)
      now = title()
    }
    return now
  }

  /** A snapshot once the page shows its form (a loaded machine takes seconds to load it). */
  const settled = (run: (...argv: Array<string>) => Record<string, any>) => {
    for (let attempt = 0; ; attempt++) {
      const all = nodes(run("snapshot", "--app", "Chromium", "-i", "--timeout-ms", "10000")["tree"] as Node)
      if (all.some((n) => n.role === "button" && n.name === "Submit" && n.ref_id) || attempt >= 40) return all
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250)
    }
  }

  it("type, check, select and submit recorded, the browser restarted, replayed: the page logs the same submission", async () => {
    const recording = recorder(cli)
    const all = settled(recording.run)
    recording.run("type", refOf(all, "textfield", "Name"), "Ada", "--headed")
    recording.run("check", refOf(all, "checkbox", "Subscribe"))
    recording.run("select", refOf(all, "combobox", "Color"), "Blue")
    recording.run("click", refOf(all, "button", "Submit"))
    recording.run("snapshot", "--app", "Chromium", "-i", "--timeout-ms", "10000")
    recording.end()
    const submitted = submittedTitle()
    assert.match(submitted, /^#\d+ submitted name=Ada;.*subscribe=true;color=Blue;/)

    await stopApp(browser!)
    browser = await desktop!.launch(spec, 90_000)
    settled((...argv) => ok(cli(...argv)))
    assert.notMatch(title(), /submitted/)
    const replayed = ok(envelopeOf(runBinary(["trace", "replay", recording.session, "--secret", "NAME=Ada"], env, undefined, LONG_MS)))
    assert.deepStrictEqual(replayed["steps"].filter((step: any) => step.role === "action").map((step: any) => [step.command, step.status]), [
      ["type", "passed"], ["check", "passed"], ["select", "passed"], ["click", "passed"]
    ])
    // The same submission, event for event: the page's log counts the same events before it.
    assert.strictEqual(submittedTitle(), submitted)
    session = recording.session
  }, 300_000)

  it("on the page with the checkbox renamed, the replay stops at its step with the diff; the page logs no change of it", async () => {
    assert.isNotEmpty(session, "the recording of the test before")
    await stopApp(browser!)
    browser = await desktop!.launch(`${spec}?rename=subscribe:Newsletter`, 90_000)
    settled((...argv) => ok(cli(...argv)))
    const stopped = envelopeOf(runBinary(["trace", "replay", session, "--secret", "NAME=Ada", "--timeout-ms", "2000"], env, undefined, LONG_MS))
    assert.isFalse(stopped["ok"])
    const error = stopped["error"]
    assert.strictEqual(error["code"], "ELEMENT_NOT_FOUND", JSON.stringify(error).slice(0, 3000))
    assert.include(error["details"], { kind: "replay_diverged", reason: "target_absent" })
    assert.strictEqual(error["details"]["step"]["command"], "check")
    assert.include(error["details"]["expected"], { role: "checkbox", name: "Subscribe" })
    assert.include(error["details"]["observed"]["at_path"], { role: "checkbox", name: "Newsletter" })
    assert.deepInclude(error["details"]["differences"], { field: "name", expected: "Subscribe", observed: "Newsletter" })
    // The name went in before it (Chromium reads typed text back: verified), so the replay is not safe to repeat;
    // the renamed box was never touched and nothing was submitted (the page's log).
    assert.strictEqual(error["disposition"]["retry"], "unsafe")
    assert.oneOf(error["disposition"]["delivery"], ["delivered_verified", "delivered_unverified"])
    const now = title()
    assert.match(now, /name=Ada$/)
    assert.notMatch(now, /subscribe|submitted/)
  }, 300_000)
})
