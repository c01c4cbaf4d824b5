// The real desktop through wave: the scripted model asks for a snapshot of the fixture app, clicks the ref it finds
// in that envelope, and the fixture app's own state proves the click landed.
import { controlFixture, fixtureControlPath, type RunningDesktop, startDesktop } from "@agent-desktop/desktop"
import { finish, match, reply, sse, toolCall, type RecordedRequest } from "@agent-desktop/fake-model"
import { readFileSync } from "node:fs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runWave, withFake } from "./runWave.js"
import { expectValidStream } from "./schemas.js"

interface TreeNode {
  readonly ref_id?: string
  readonly role?: string
  readonly name?: string
  readonly children?: ReadonlyArray<TreeNode>
}

const findNode = (node: TreeNode, predicate: (n: TreeNode) => boolean): TreeNode | undefined =>
  predicate(node) ? node : node.children?.map((child) => findNode(child, predicate)).find((n) => n !== undefined)

/** Turn 2: read the snapshot envelope the tool returned and click the counter button's ref. */
const clickFromSnapshot = (request: RecordedRequest) => {
  const toolMessage = request.body.messages!.filter((m) => m.role === "tool").pop()!
  const envelope = JSON.parse(String(toolMessage.content)) as { ok: boolean; data: { tree: TreeNode } }
  const button = envelope.ok ? findNode(envelope.data.tree, (n) => n.role === "button" && (n.name ?? "").startsWith("clicks:")) : undefined
  if (button?.ref_id === undefined) return reply("I could not find the button.")
  return sse([toolCall({ id: "click_1", name: "click", args: { ref_id: button.ref_id } }), finish("tool_calls")])
}

/** Alive and not a zombie: a killed app's old registration must be gone before its successor is awaited. */
const running = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"))
  } catch {
    return false
  }
}

/** Kills the fixture app and starts a fresh one (a new process, new objects, the counter back at "clicks: 0"). */
const restartFixture = async (d: RunningDesktop, pid: number): Promise<number> => {
  process.kill(pid, "SIGTERM")
  for (let i = 0; i < 200 && running(pid); i++) await new Promise((resolve) => setTimeout(resolve, 25))
  return (await d.launch("fixture")).pid
}

let desktop: RunningDesktop | undefined
const available = process.platform === "linux"

describe.skipIf(!available)("wave drives the real desktop", () => {
  beforeAll(async () => {
    desktop = await startDesktop({ apps: ["fixture"], timeoutMs: 30_000 })
  }, 60_000)
  afterAll(async () => {
    await desktop?.stop()
  })

  it("snapshot, then click: the fixture's counter changes", async () => {
    const d = desktop!
    const before = await controlFixture(fixtureControlPath(d.stateDir), { op: "state", id: "button" })
    await withFake({
      rules: [
        { name: "done", match: match.toolResultCount(2), reply: reply("Clicked the counter.") },
        { name: "click", match: match.toolResultCount(1), reply: clickFromSnapshot },
        { name: "snapshot", match: match.always, reply: sse([toolCall({ id: "snap_1", name: "snapshot", args: { app: "fixture", interactive_only: true } }), finish("tool_calls")]) }
      ]
    }, async (fake) => {
      const run = await runWave(["-p", "click the counter in the fixture app", "--output-format", "stream-json"], fake, {
        env: { ...d.env, WAVE_DISABLE_DESKTOP: undefined }
      })
      const lines = run.lines()
      expectValidStream(lines)
      const result = lines[lines.length - 1]!
      expect(result["tool_calls"]).toEqual([
        { id: "snap_1", name: "snapshot", input: { app: "fixture", interactive_only: true }, success: true },
        { id: "click_1", name: "click", input: { ref_id: expect.stringMatching(/^@s[a-z0-9]+:e\d+$/) }, success: true }
      ])
      expect(result["result"]).toBe("Clicked the counter.")
      expect(run.code).toBe(0)
      const clickResult = JSON.parse(String(fake.requests.find((r) => r.rule === "done")!.body.messages!.filter((m) => m.role === "tool").pop()!.content))
      expect(clickResult).toMatchObject({ ok: true, command: "click" })
      expect(clickResult.data.disposition).toBeDefined()
    })
    const after = await controlFixture(fixtureControlPath(d.stateDir), { op: "state", id: "button" })
    expect(before.label).toBe("clicks: 0")
    expect(after.label).toBe("clicks: 1")
  })

  it("a stale ref reaches the model as the engine's envelope; --auto-recover never invents a target", async () => {
    const d = desktop!
    const control = fixtureControlPath(d.stateDir)
    /** Turn 2: the widget disappears before the model clicks its old ref. */
    const removeThenClick = async (request: RecordedRequest) => {
      await controlFixture(control, { op: "remove", id: "gone" })
      const toolMessage = request.body.messages!.filter((m) => m.role === "tool").pop()!
      const envelope = JSON.parse(String(toolMessage.content)) as { data: { tree: TreeNode } }
      const gone = findNode(envelope.data.tree, (n) => n.role === "checkbox" && n.name === "Gone soon")!
      return sse([toolCall({ id: "click_gone", name: "click", args: { ref_id: gone.ref_id } }), finish("tool_calls")])
    }
    const script = {
      rules: [
        { name: "done", match: match.toolResultCount(2), reply: reply("Done.") },
        { name: "click", match: match.toolResultCount(1), reply: removeThenClick },
        { name: "snapshot", match: match.always, reply: sse([toolCall({ id: "snap", name: "snapshot", args: { app: "fixture", interactive_only: true } }), finish("tool_calls")]) }
      ]
    }
    const clickEnvelope = (fake: { requests: ReadonlyArray<RecordedRequest> }) =>
      JSON.parse(String(fake.requests.find((r) => r.rule === "done")!.body.messages!.filter((m) => m.role === "tool").pop()!.content))

    for (const extra of [[], ["--auto-recover"]]) {
      await controlFixture(control, { op: "add", kind: "check", label: "Gone soon", id: "gone" })
      await withFake(script, async (fake) => {
        const run = await runWave(["-p", "tick it", "--output-format", "json", ...extra], fake, { env: { ...d.env, WAVE_DISABLE_DESKTOP: undefined } })
        const stale = clickEnvelope(fake)
        // The model sees the engine's envelope: code, disposition, details. The element is gone (2.6
        // saved_ref_absent, retryable:false), so even with --auto-recover nothing is retried or guessed.
        expect(stale).toMatchObject({ ok: false, error: { code: "STALE_REF", disposition: { retry: "safe" }, details: { kind: "saved_ref_absent", retryable: false } } })
        expect(JSON.parse(run.stdout).tool_calls[1]).toMatchObject({ name: "click", success: false })
      })
    }
  })

  it("--auto-recover: after the app restarted, the engine re-finds the element in a fresh snapshot and the click lands", async () => {
    const d = desktop!
    let fixturePid = await restartFixture(d, d.apps.find((app) => app.name === "fixture")!.pid)
    /** Turn 2: the app restarts (every ref of the first snapshot now names a dead process), then the model clicks. */
    const restartThenClick = async (request: RecordedRequest) => {
      fixturePid = await restartFixture(d, fixturePid)
      return clickFromSnapshot(request)
    }
    const script = {
      rules: [
        { name: "done", match: match.toolResultCount(2), reply: reply("Done.") },
        { name: "click", match: match.toolResultCount(1), reply: restartThenClick },
        { name: "snapshot", match: match.always, reply: sse([toolCall({ id: "snap", name: "snapshot", args: { app: "fixture", interactive_only: true } }), finish("tool_calls")]) }
      ]
    }
    const clickEnvelope = (fake: { requests: ReadonlyArray<RecordedRequest> }) =>
      JSON.parse(String(fake.requests.find((r) => r.rule === "done")!.body.messages!.filter((m) => m.role === "tool").pop()!.content))

    // Without the flag the model sees the refusal: nothing was sent, and a fresh snapshot is the remedy.
    await withFake(script, async (fake) => {
      await runWave(["-p", "click the counter", "--output-format", "json"], fake, { env: { ...d.env, WAVE_DISABLE_DESKTOP: undefined } })
      expect(clickEnvelope(fake)).toMatchObject({ ok: false, error: { code: "STALE_REF", disposition: { delivery: "not_delivered", retry: "safe" } } })
    })
    expect((await controlFixture(fixtureControlPath(d.stateDir), { op: "state", id: "button" })).label).toBe("clicks: 0")

    // With it, the engine's Recovery snapshots the restarted app, finds the one element the old ref described and
    // retries the click once; the model only sees the delivered result.
    await withFake(script, async (fake) => {
      const run = await runWave(["-p", "click the counter", "--output-format", "json", "--auto-recover"], fake, { env: { ...d.env, WAVE_DISABLE_DESKTOP: undefined } })
      expect(run.code).toBe(0)
      expect(clickEnvelope(fake)).toMatchObject({ ok: true, command: "click", data: { disposition: { retry: "unsafe" } } })
      expect(JSON.parse(run.stdout).tool_calls[1]).toMatchObject({ name: "click", success: true })
    })
    expect((await controlFixture(fixtureControlPath(d.stateDir), { op: "state", id: "button" })).label).toBe("clicks: 1")
  }, 60_000)
})
