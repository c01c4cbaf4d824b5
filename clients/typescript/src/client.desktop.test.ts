// The typed client on the project's virtual desktop: a real GTK app, observed and acted on through the client; the
// click is verified through the fixture's own control channel, and every envelope against the strict schema.
import { controlFixture, fixtureControlPath, startDesktop, type RunningDesktop } from "@agent-desktop/desktop"
import { validateEnvelope } from "@agent-desktop/contract-check"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AgentDesktop } from "./AgentDesktop.js"

const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../apps/cli/bin/agent-desktop.js")
let desktop: RunningDesktop

beforeAll(async () => {
  desktop = await startDesktop({ apps: ["fixture"], timeoutMs: 60_000 })
}, 120_000)

afterAll(async () => {
  await desktop?.stop()
})

interface TreeNode { readonly ref_id?: string; readonly role: string; readonly name?: string; readonly children?: ReadonlyArray<TreeNode> }
const nodes = (node: TreeNode): Array<TreeNode> => [node, ...(node.children ?? []).flatMap(nodes)]

describe("the TypeScript client on the virtual desktop", () => {
  it("snapshots the GTK fixture with typed data and clicks its button", async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "ad-client-desktop-"))
    const client = new AgentDesktop({ contract: "2.7", command: [process.execPath, bin], env: { ...desktop.env, AGENT_DESKTOP_HOME: home } })
    const snapshot = await client.run("snapshot", { app: "fixture", interactive_only: true, timeout_ms: 10_000 })
    expect(validateEnvelope("2.7", snapshot, { strict: true }).errors).toEqual([])
    if (!snapshot.ok) throw new Error(JSON.stringify(snapshot))
    if (!("tree" in snapshot.data) || snapshot.data.tree === undefined) throw new Error("snapshot without a tree")
    expect(snapshot.data.complete).toBe(true)
    const button = nodes(snapshot.data.tree as TreeNode).find((node) => node.role === "button" && node.name?.startsWith("clicks:"))
    expect(button?.ref_id).toMatch(/^@s[A-Za-z0-9_-]+:e\d+$/)
    const before = (await controlFixture(fixtureControlPath(desktop.stateDir), { op: "state", id: "button" })).label
    const click = await client.run("click", { ref_id: button!.ref_id! })
    expect(validateEnvelope("2.7", click, { strict: true }).errors).toEqual([])
    if (!click.ok) throw new Error(JSON.stringify(click))
    expect(["delivered_verified", "delivered_unverified"]).toContain((click.data as { disposition: { delivery: string } }).disposition.delivery)
    const after = (await controlFixture(fixtureControlPath(desktop.stateDir), { op: "state", id: "button" })).label
    expect(after).not.toBe(before)
    fs.rmSync(home, { recursive: true, force: true })
  }, 120_000)
})
