/**
 * Replay on the GTK fixture with the store on PostgreSQL (a private cluster for this file): a 10-step session
 * recorded, the fixture restarted, the session replayed from the shared store; then the same after a check button is
 * renamed. Every end state is read through the fixture's own control socket, never through the tool.
 */
import { controlFixture, fixtureControlPath, type RunningApp } from "@agent-desktop/desktop"
import { LinuxAdapter } from "@agent-desktop/platform-linux"
import { EventStore } from "@agent-desktop/store"
import { startCluster, type PostgresCluster } from "@agent-desktop/store/testing"
import { Effect, Layer } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { guardedAdapter } from "../GuardedAdapter.js"
import { runCommand, type CommandRequest } from "../runCommand.js"
import { strictEnvelope } from "../test/scriptedEngine.js"
import { useDesktop } from "../test/useDesktop.js"

const desktop = useDesktop({ apps: ["fixture"] })
const home = mkdtempSync(join(tmpdir(), "ad-replay-pg-"))
let cluster: PostgresCluster
let store = ""
let fixture: RunningApp | undefined

beforeAll(async () => {
  cluster = await startCluster()
  store = await cluster.createDatabase()
}, 60_000)
afterAll(async () => {
  await cluster?.destroy()
})

type Envelope = { ok: boolean; data?: any; error?: any }

const run = async (command: string, args: Record<string, unknown>, options: CommandRequest["options"] = {}): Promise<Envelope> =>
  strictEnvelope(await Effect.runPromise(
    runCommand({ command, args, options }).pipe(Effect.provide(Layer.mergeAll(guardedAdapter(LinuxAdapter.layer), EventStore.layer({ home, store }))))
  )) as unknown as Envelope

const ok = async (command: string, args: Record<string, unknown>, options: CommandRequest["options"] = {}) => {
  const envelope = await run(command, args, options)
  if (!envelope.ok) throw new Error(`${command} failed: ${JSON.stringify(envelope.error).slice(0, 2000)}`)
  return envelope.data
}

const control = (request: Parameters<typeof controlFixture>[1]) => controlFixture(fixtureControlPath(desktop().stateDir), request)

const WIDGETS = ["button", "entry", "check", "spin", "scale", "combo", "expander"] as const
/** The fixture's state as it reports it over its control socket. */
const state = async () => {
  const out: Record<string, unknown> = {}
  for (const id of WIDGETS) {
    const reply = await control({ op: "state", id })
    out[id] = { label: reply.label, text: reply.text, active: reply.active, value: reply.value, expanded: reply.expanded }
  }
  return out
}

const gone = async (pid: number) => {
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0)
    } catch {
      return
    }
    await sleep(50)
  }
  throw new Error(`fixture ${pid} did not exit`)
}

/** Quits the fixture through its own socket and starts a fresh one (a new process, a new window). */
const restart = async () => {
  const old = fixture ?? desktop().apps[0]!
  await control({ op: "quit" })
  await gone(old.pid)
  fixture = await desktop().launch("fixture")
}

interface Node { ref_id?: string; role: string; name?: string; children?: Array<Node> }
const refIn = (tree: Node, role: string, name: string): string => {
  const all = (n: Node): Array<Node> => [n, ...(n.children ?? []).flatMap(all)]
  const node = all(tree).find((n) => n.role === role && n.name === name && n.ref_id !== undefined)
  if (!node) throw new Error(`no ${role} "${name}" with a ref`)
  return node.ref_id!
}

/** Ten actions with a snapshot before each group, in a session of their own. */
const record = async (): Promise<string> => {
  const session = (await ok("session", { action: "start" }))["session_id"] as string
  const inSession = (command: string, args: Record<string, unknown>) => ok(command, args, { session })
  const snap = async () => (await inSession("snapshot", { app: "fixture", interactive_only: true })).tree as Node
  let tree = await snap()
  await inSession("click", { ref_id: refIn(tree, "button", "clicks: 0") })
  tree = await snap()
  await inSession("click", { ref_id: refIn(tree, "button", "clicks: 1") })
  tree = await snap()
  await inSession("type", { ref_id: refIn(tree, "textfield", "Name"), text: "Alice" })
  await inSession("set-value", { ref_id: refIn(tree, "incrementor", "Amount"), value: "5" })
  await inSession("check", { ref_id: refIn(tree, "checkbox", "Enable feature") })
  await inSession("expand", { ref_id: refIn(tree, "button", "More") })
  tree = await snap()
  await inSession("select", { ref_id: refIn(tree, "combobox", "Color"), value: "Blue" })
  await inSession("set-value", { ref_id: refIn(tree, "slider", "Level"), value: "7" })
  tree = await snap()
  await inSession("click", { ref_id: refIn(tree, "button", "clicks: 2") })
  tree = await snap()
  await inSession("set-value", { ref_id: refIn(tree, "incrementor", "Amount"), value: "8" })
  await snap()
  await ok("session", { action: "end", session_id: session })
  return session
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

describe("trace replay on the GTK fixture, the store on PostgreSQL", () => {
  let session = ""

  it("a recorded 10-step session replays on a restarted fixture to the same end state", async () => {
    session = await record()
    expect(await state()).toMatchObject(END_STATE)
    await restart()
    expect(await state()).toMatchObject({ button: { label: "clicks: 0" }, entry: { text: "" }, check: { active: false } })
    const replayed = await ok("trace", { action: "replay", session_id: session }, { environment: { AGENT_DESKTOP_SECRET_NAME: "Alice" } })
    expect(replayed.steps.filter((step: { role: string }) => step.role === "action")).toHaveLength(10)
    expect(replayed.steps.every((step: { status: string }) => step.status === "passed")).toBe(true)
    expect(await state()).toMatchObject(END_STATE)
  }, 120_000)

  it("after a check button is renamed it stops at that step with the recorded and the observed element", async () => {
    await restart()
    await control({ op: "rename", id: "check", label: "Enable beta" })
    const stopped = await run("trace", { action: "replay", session_id: session, secret: ["NAME=Alice"], timeout_ms: 1500 })
    expect(stopped.ok).toBe(false)
    expect(stopped.error.code).toBe("ELEMENT_NOT_FOUND")
    expect(stopped.error.details).toMatchObject({
      kind: "replay_diverged",
      reason: "target_absent",
      step: { command: "check" },
      expected: { role: "checkbox", name: "Enable feature" },
      observed: { at_path: { role: "checkbox", name: "Enable beta" } },
      differences: [{ field: "name", expected: "Enable feature", observed: "Enable beta" }]
    })
    // What it sent before the divergence says so: unsafe to repeat.
    expect(stopped.error.disposition).toEqual({ delivery: "delivered_unverified", retry: "unsafe" })
    // The steps before it ran; the renamed box was never touched.
    expect(await state()).toMatchObject({
      button: { label: "clicks: 2" },
      entry: { text: "Alice" },
      spin: { value: 5 },
      check: { label: "Enable beta", active: false },
      combo: { text: "Red" }
    })
  }, 120_000)
})
