// The real desktop through wave: the scripted model asks for a snapshot of the fixture app, clicks the ref it finds
// in that envelope, and the fixture app's own state proves the click landed.
import { controlFixture, fixtureControlPath, type RunningDesktop, startDesktop } from "@agent-desktop/desktop"
import { finish, match, reply, sse, toolCall, type RecordedRequest } from "@agent-desktop/fake-model"
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
})
