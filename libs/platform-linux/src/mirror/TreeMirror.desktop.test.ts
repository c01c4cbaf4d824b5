/**
 * The event-kept mirror on the virtual desktop: between two observations the fixture app is changed through its
 * control socket (a widget added, renamed, removed, a check toggled, an entry's text set, a twin duplicated), and
 * the warm adapter's answer — kept or patched from events — must equal a cold adapter's live read of the same
 * window, node for node (roles, names, values, states, bounds, actions, child lists). A mirror that ignored events
 * answers the stale tree and fails; one that never reused anything fails the `reused` checks.
 */
import type { ObservedNode, WindowInfo } from "@agent-desktop/platform"
import { controlFixture, fixtureControlPath } from "@agent-desktop/desktop"
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { execFileSync } from "node:child_process"
import { closeTestDesktop, openTestDesktop, run, type TestDesktop } from "../../test/VirtualDesktop.js"
import { makeLinuxAdapter } from "../LinuxAdapter.js"

let test: TestDesktop | undefined
const warm = makeLinuxAdapter({ warm: true })
let window: WindowInfo | undefined

const control = (request: Parameters<typeof controlFixture>[1]) => controlFixture(fixtureControlPath(test!.desktop.stateDir), request)

const read = (adapter: typeof warm, kept: boolean) =>
  run(adapter.readTree(window!, { maxDepth: 64, deadline: Date.now() + 20_000, kept }))

/** The fields a snapshot shows, without the handle (equal anyway: same app, same objects). */
const shape = (node: ObservedNode): unknown => ({
  role: node.role, name: node.name, value: node.value, description: node.description, states: [...node.states].sort(),
  actions: node.actions, bounds: node.bounds, path: node.path, childCount: node.childCount,
  children: (node.children ?? []).map(shape)
})

/** Where two shaped trees first differ, as a JSON path with both values. */
const firstDifference = (a: unknown, b: unknown, at: string): string => {
  if (JSON.stringify(a) === JSON.stringify(b)) return ""
  if (typeof a === "object" && a !== null && typeof b === "object" && b !== null) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${at}/${key}`)
      if (found) return found
    }
  }
  return `${at}: ${JSON.stringify(a)?.slice(0, 200)} vs ${JSON.stringify(b)?.slice(0, 200)}`
}

const names = (node: ObservedNode): Array<string> => [node.name ?? "", ...(node.children ?? []).flatMap(names)]

/** Reads warm and cold until the app has settled (a change lands over a few main-loop turns), then compares. */
const expectWarmEqualsLive = async (expected: "kept" | "patched" | "any") => {
  let last = ""
  for (let attempt = 0; attempt < 20; attempt++) {
    const mirrored = await read(warm, true)
    const live = await read(test!.adapter, false)
    const a = JSON.stringify(shape(mirrored.root))
    const b = JSON.stringify(shape(live.root))
    if (a === b) {
      // A change can arrive over several main-loop turns (a resize after an add): read again until it settled.
      if (expected === "any" || mirrored.reused === expected) return { mirrored, live }
      last = `warm and live agree, but the warm read was ${mirrored.reused ?? "live"}, not ${expected}`
    } else {
      last = `warm (${mirrored.reused ?? "live"}) and live differ at ${firstDifference(shape(mirrored.root), shape(live.root), "")}`
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  assert.fail(last)
}

describe("TreeMirror (event-kept window reads)", () => {
  beforeAll(async () => {
    test = await openTestDesktop(["fixture"])
    const windows = await run(test.adapter.listWindows("fixture"))
    window = windows[0]
  }, 90_000)
  afterAll(async () => {
    await Effect.runPromise(warm.close())
    await closeTestDesktop(test)
  }, 30_000)

  it("answers an unchanged window from the kept read, equal to a live read", async () => {
    const first = await read(warm, true)
    assert.isUndefined(first.reused)
    await expectWarmEqualsLive("any")
    const again = await expectWarmEqualsLive("kept")
    assert.isTrue(again.mirrored.complete)
    // Concurrent observations of one window take turns and agree.
    const [a, b] = await Promise.all([read(warm, true), read(warm, true)])
    assert.strictEqual(JSON.stringify(shape(a.root)), JSON.stringify(shape(b.root)))
  }, 60_000)

  it("sees a widget added, renamed and removed between calls", async () => {
    await expectWarmEqualsLive("any")
    await control({ op: "add", kind: "button", label: "Mirror Added", id: "mirror-added" })
    const added = await expectWarmEqualsLive("any")
    assert.include(names(added.mirrored.root), "Mirror Added")
    await control({ op: "rename", id: "mirror-added", label: "Mirror Renamed" })
    const renamed = await expectWarmEqualsLive("any")
    assert.include(names(renamed.mirrored.root), "Mirror Renamed")
    assert.notInclude(names(renamed.mirrored.root), "Mirror Added")
    await control({ op: "remove", id: "mirror-added" })
    const removed = await expectWarmEqualsLive("any")
    assert.notInclude(names(removed.mirrored.root), "Mirror Renamed")
  }, 60_000)

  it("patches a one-widget change instead of reading the window again", async () => {
    await control({ op: "add", kind: "label", label: "Relabel me", id: "mirror-label" })
    await expectWarmEqualsLive("any")
    await expectWarmEqualsLive("kept")
    await control({ op: "rename", id: "mirror-label", label: "Relabelled" })
    const patched = await expectWarmEqualsLive("patched")
    assert.include(names(patched.mirrored.root), "Relabelled")
  }, 60_000)

  it("sees text set, a check toggled and a value changed through the app's own widgets", async () => {
    const { mirrored } = await expectWarmEqualsLive("any")
    const find = (node: ObservedNode, role: string): ObservedNode | undefined =>
      node.role === role ? node : (node.children ?? []).map((child) => find(child, role)).find(Boolean)
    const options = { headed: false, deadline: Date.now() + 10_000 }
    const entry = find(mirrored.root, "textfield")!
    await run(test!.adapter.act({ handle: entry.handle, role: entry.role }, { kind: "set_value", value: "mirror text" }, options))
    const typed = await expectWarmEqualsLive("any")
    assert.strictEqual(find(typed.mirrored.root, "textfield")?.value, "mirror text")
    const check = find(mirrored.root, "checkbox")!
    await run(test!.adapter.act({ handle: check.handle, role: check.role }, { kind: "click" }, options))
    await expectWarmEqualsLive("any")
    const slider = find(mirrored.root, "slider")
    if (slider) {
      await run(test!.adapter.act({ handle: slider.handle, role: slider.role }, { kind: "set_value", value: "7" }, options))
      await expectWarmEqualsLive("any")
    }
  }, 60_000)

  it("sees twins duplicated and an entry added with its text", async () => {
    await control({ op: "add", kind: "check", label: "Twin check", id: "mirror-check" })
    await control({ op: "duplicate", id: "mirror-check" })
    const twins = await expectWarmEqualsLive("any")
    assert.strictEqual(names(twins.mirrored.root).filter((name) => name === "Twin check").length, 2)
    await control({ op: "add", kind: "entry", label: "typed text", id: "mirror-entry" })
    await expectWarmEqualsLive("any")
  }, 60_000)

  it("keeps window lookups only while they are true: after a widget was added and the window moved, warm equals live", async () => {
    const cold = () => run(test!.adapter.resolveWindow({ app: "fixture" }))
    const warmLookup = () => run(warm.resolveWindow({ app: "fixture" }))
    const agree = async () => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const [a, b] = [await warmLookup(), await cold()]
        if (JSON.stringify(a) === JSON.stringify(b)) return a
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      assert.fail(`warm lookup ${JSON.stringify(await warmLookup())} vs live ${JSON.stringify(await cold())}`)
    }
    await agree()
    await control({ op: "add", kind: "label", label: "Grow the window", id: "mirror-grow" })
    await agree()
    // Without a window manager GTK 3 may not report the move at all; whatever it reports, warm and live agree.
    const xid = execFileSync("xdotool", ["search", "--name", "^Fixture$"], { env: process.env }).toString().trim().split("\n")[0]!
    execFileSync("xdotool", ["windowmove", "--sync", xid, "37", "41"], { env: process.env })
    await agree()
  }, 60_000)
})
