/**
 * hover, drag and scroll end to end on Xvfb + openbox: the pointer read back by xdotool, the fixture's slider
 * value through its control socket, the grid's scroll bar through pyatspi.
 */
import { controlFixture, fixtureControlPath, peerPath, systemPython } from "@agent-desktop/desktop"
import { execFileSync } from "node:child_process"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { describe, expect, it } from "vitest"
import { linuxEngine } from "../../test/linuxEngine.js"
import { eventually, useDesktop } from "../../test/useDesktop.js"

const desktop = useDesktop({ apps: ["fixture", "grid:60"], windowManager: "openbox" })
const home = mkdtempSync(join(tmpdir(), "ad-hover-drag-"))

const { run, ok } = linuxEngine(home)

interface Node { ref_id?: string; role: string; name?: string; children?: Array<Node> }
const refOf = async (app: string, role: string, name?: RegExp): Promise<string> => {
  const data = await ok("snapshot", { app, interactive_only: true, timeout_ms: 20_000 })
  const all = (n: Node): Array<Node> => [n, ...(n.children ?? []).flatMap(all)]
  const node = all(data.tree).find((n) => n.role === role && (name === undefined || name.test(n.name ?? "")))
  if (!node?.ref_id) throw new Error(`no ${role} ${name} in the snapshot of ${app}`)
  return node.ref_id
}
interface PeerNode { role: number; name: string; value?: number; bounds: [number, number, number, number]; children: Array<PeerNode> }
const peer = (app: string): Array<PeerNode> => {
  const tree = JSON.parse(execFileSync(systemPython, [peerPath(), "dump", app], { encoding: "utf8" })).windows[0] as PeerNode
  const all = (n: PeerNode): Array<PeerNode> => [n, ...n.children.flatMap(all)]
  return all(tree)
}
const tool = (command: string, args: ReadonlyArray<string>) => execFileSync(command, args, { env: process.env, encoding: "utf8" })
const pointer = () => {
  const out = tool("xdotool", ["getmouselocation", "--shell"])
  return { x: Number(/X=(\d+)/.exec(out)![1]), y: Number(/Y=(\d+)/.exec(out)![1]) }
}
const control = (request: Parameters<typeof controlFixture>[1]) => controlFixture(fixtureControlPath(desktop().stateDir), request)

describe("hover, drag and scroll on a virtual desktop with openbox", () => {

  it("hover: a point and a ref's centre, read back by xdotool; headless and --duration are refused", async () => {
    expect((await run("hover", { xy: { x: 50, y: 60 } })).error.code).toBe("POLICY_DENIED")
    expect((await run("hover", { xy: { x: 50, y: 60 }, duration: 100 }, true)).error.code).toBe("INVALID_ARGS")
    const data = await ok("hover", { xy: { x: 50, y: 60 } }, true)
    expect(data).toMatchObject({ action: "hover", x: 50, y: 60, disposition: { delivery: "delivered_verified" } })
    expect(pointer()).toEqual({ x: 50, y: 60 })
    const onRef = await ok("hover", { ref_id: await refOf("fixture", "button", /^clicks: \d+$/) }, true)
    const button = peer("fixture").find((n) => /^clicks: \d+$/.test(n.name))!
    expect(onRef.target.point).toEqual({ x: button.bounds[0] + Math.round(button.bounds[2] / 2), y: button.bounds[1] + Math.round(button.bounds[3] / 2) })
    expect(pointer()).toEqual(onRef.target.point)
    expect(onRef).not.toHaveProperty("x")
  })

  it("drag: the fixture's slider follows from its left end to its right end; an off-screen end sends nothing", async () => {
    await ok("set-value", { ref_id: await refOf("fixture", "slider", /^Level$/), value: "0" })
    expect(Number((await control({ op: "state", id: "scale" })).value)).toBe(0)
    const slider = peer("fixture").find((n) => n.name === "Level")!
    const y = slider.bounds[1] + Math.round(slider.bounds[3] / 2)
    const from = { x: slider.bounds[0] + 4, y }
    const to = { x: slider.bounds[0] + slider.bounds[2] - 2, y }
    const before = Number((await control({ op: "state", id: "scale" })).value)
    expect((await run("drag", { from_xy: from, to_xy: { x: 99_999, y } }, true)).error.code).toBe("INVALID_ARGS")
    expect(Number((await control({ op: "state", id: "scale" })).value)).toBe(before)
    const data = await ok("drag", { from_xy: from, to_xy: to, duration: 200, drop_delay: 100 }, true)
    expect(data).toMatchObject({ action: "drag", from, to, drop_delay_ms: 100, target: { kind: "drag", from, to } })
    const after = await eventually(async () => Number((await control({ op: "state", id: "scale" })).value), (v) => v >= 9)
    expect(after).toBeGreaterThanOrEqual(9)
    // the button is up again: a plain motion does not move the slider
    tool("xdotool", ["mousemove", String(from.x), String(y)])
    await sleep(200)
    expect(Number((await control({ op: "state", id: "scale" })).value)).toBe(after)
  })

  it("scroll on the grid's scroll area moves its vertical scroll bar (pyatspi); headless is refused", async () => {
    const ref = await refOf("grid", "scrollarea")
    expect((await run("scroll", { ref_id: ref, direction: "down" })).error.code).toBe("POLICY_DENIED")
    const bar = () => peer("grid").filter((n) => n.role === 48).map((n) => n.value ?? 0).reduce((a, b) => Math.max(a, b), 0)
    const before = bar()
    const data = await ok("scroll", { ref_id: ref, direction: "down", amount: 5 }, true)
    expect(data).toMatchObject({ action: "scroll", disposition: { delivery: "delivered_unverified" } })
    expect(await eventually(bar, (v) => v > before)).toBeGreaterThan(before)
    const down = bar()
    await ok("scroll", { ref_id: await refOf("grid", "scrollarea"), direction: "up", amount: 2 }, true)
    expect(await eventually(bar, (v) => v < down)).toBeLessThan(down)
  })
})
