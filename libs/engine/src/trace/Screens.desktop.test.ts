/**
 * `session start --screenshots` end to end on Xvfb + openbox with the GTK fixture: a click in such a session leaves
 * a pre and a post PNG of the fixture's window (0600, the window's size read from the IHDR, different where the
 * button's label changed), named by trace events; `trace export` embeds them and counts them. A session without
 * --screenshots records none. The added time per click is measured in the same run (printed, not asserted).
 */
import { LinuxAdapter } from "@agent-desktop/platform-linux"
import { DesktopAdapter } from "@agent-desktop/platform"
import { Effect, Layer } from "effect"
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { pngSize } from "../commands/native/pngSize.js"
import { EngineLive } from "../EngineLive.js"
import { runCommand } from "../runCommand.js"
import { SCREEN_LIMITS, setScreenLimits } from "./Screens.js"
import { useDesktop } from "../test/useDesktop.js"

const desktop = useDesktop({ apps: ["fixture"], windowManager: "openbox" })
const home = mkdtempSync(join(tmpdir(), "ad-screens-"))

const run = async (command: string, args: Record<string, unknown>, session?: string): Promise<any> => {
  const envelope: any = await Effect.runPromise(
    runCommand({ command, args, options: { ...(session === undefined ? {} : { session }) } }).pipe(
      Effect.provide(EngineLive({ adapter: LinuxAdapter.layer, home }))
    )
  )
  return envelope
}
const ok = async (command: string, args: Record<string, unknown>, session?: string) => {
  const envelope = await run(command, args, session)
  if (!envelope.ok) throw new Error(`${command} failed: ${JSON.stringify(envelope.error)}`)
  return envelope.data
}

interface Node { ref_id?: string; role: string; name?: string; children?: Array<Node> }
const clickRef = async (session: string): Promise<string> => {
  const data = await ok("snapshot", { app: "fixture", interactive_only: true, timeout_ms: 10_000 }, session)
  const all = (n: Node): Array<Node> => [n, ...(n.children ?? []).flatMap(all)]
  const node = all(data.tree).find((n) => n.role === "button" && /^clicks: \d+$/.test(n.name ?? ""))
  if (!node?.ref_id) throw new Error("no clicks button in the snapshot")
  return node.ref_id
}
const screensOf = (session: string) => {
  const folder = join(home, "sessions", session, "trace", "screens")
  try {
    return readdirSync(folder).map((name) => join(folder, name))
  } catch {
    return []
  }
}

describe("session --screenshots on a virtual desktop with openbox", () => {

  it("a click records a pre and a post PNG of the window; trace show lists them; trace export embeds them", async () => {
    const started = await ok("session", { action: "start", screenshots: true })
    expect(started.artifacts).toBe("full")
    const session: string = started.session_id
    await ok("click", { ref_id: await clickRef(session) }, session)
    const files = screensOf(session)
    expect(files).toHaveLength(2)
    const pre = files.find((f) => f.endsWith("-pre.png"))!
    const post = files.find((f) => f.endsWith("-post.png"))!
    for (const file of [pre, post]) expect(statSync(file).mode & 0o777).toBe(0o600)
    const window = (await ok("list-windows", { app: "fixture" }))[0]
    const preBytes = readFileSync(pre)
    const postBytes = readFileSync(post)
    expect(pngSize(preBytes)).toEqual({ width: window.bounds.width, height: window.bounds.height })
    expect(pngSize(postBytes)).toEqual({ width: window.bounds.width, height: window.bounds.height })
    // The button's label went from "clicks: N" to "clicks: N+1": the pixels differ.
    expect(preBytes.equals(postBytes)).toBe(false)

    const shown = await ok("trace", { action: "show", event: "screenshot." }, session)
    const captured = shown.events.filter((e: any) => e.event === "screenshot.captured")
    expect(captured.map((e: any) => e.phase)).toEqual(["pre", "post"])
    expect(captured[0]).toMatchObject({ scope: "window", width: window.bounds.width, height: window.bounds.height, bytes: preBytes.length })
    expect(captured[0].window_id).toBe(window.id)
    expect(captured.map((e: any) => e.file)).toEqual([pre, post].map((f) => f.slice(join(home, "sessions", session).length + 1)))
    expect(JSON.stringify(shown.events)).not.toContain(preBytes.toString("base64").slice(0, 200))

    const exported = await ok("trace", { action: "export" }, session)
    expect(exported).toMatchObject({ screenshots_embedded: 2, screenshots_skipped: 0 })

    // The snapshot the click's ref came from is copied next to the PNGs, as the store holds it.
    const copied = (await ok("trace", { action: "show", event: "refmap." }, session)).events
    expect(copied.map((e: any) => e.event)).toEqual(["refmap.copied"])
    const refmapFile = join(home, "sessions", session, copied[0].file)
    expect(statSync(refmapFile).mode & 0o777).toBe(0o600)
    const refmap = JSON.parse(readFileSync(refmapFile, "utf8"))
    expect(refmap.snapshot_id).toBe(copied[0].snapshot_id)
    expect(Object.keys(refmap.refs)).toHaveLength(copied[0].ref_count)
    const html = readFileSync(exported.path, "utf8")
    expect(html).toContain(preBytes.toString("base64"))
    expect(html).toContain(postBytes.toString("base64"))
  }, 60_000)

  it("a session without --screenshots records none; --no-trace with --screenshots is refused", async () => {
    const started = await ok("session", { action: "start" })
    expect(started.artifacts).toBe("events")
    const session: string = started.session_id
    await ok("click", { ref_id: await clickRef(session) }, session)
    expect(screensOf(session)).toEqual([])
    const shown = await ok("trace", { action: "show", event: "screenshot." }, session)
    expect(shown.events).toEqual([])
    expect(await ok("trace", { action: "export" }, session)).toMatchObject({ screenshots_embedded: 0, screenshots_skipped: 0 })
    expect(existsSync(join(home, "sessions", session, "trace", "refmaps"))).toBe(false)
    const refused = await run("session", { action: "start", no_trace: true, screenshots: true })
    expect(refused.ok).toBe(false)
    expect(refused.error.code).toBe("INVALID_ARGS")
  }, 60_000)

  it("session gc removes an ended session's folder with its screenshots", async () => {
    const session: string = (await ok("session", { action: "start", screenshots: true })).session_id
    await ok("click", { ref_id: await clickRef(session) }, session)
    expect(screensOf(session)).toHaveLength(2)
    await ok("session", { action: "end", session_id: session })
    expect((await ok("session", { action: "gc", ended: true })).removed).toContain(session)
    expect(existsSync(join(home, "sessions", session))).toBe(false)
  }, 60_000)

  it("a capture that cannot happen (no native capture, as on Wayland) is recorded as skipped with its reason; the click works", async () => {
    const session: string = (await ok("session", { action: "start", screenshots: true })).session_id
    const ref = await clickRef(session)
    const withoutNative = Layer.effect(DesktopAdapter, Effect.gen(function*() {
      const { native: _native, ...adapter } = yield* DesktopAdapter
      return DesktopAdapter.of(adapter)
    })).pipe(Layer.provide(LinuxAdapter.layer))
    const envelope: any = await Effect.runPromise(
      runCommand({ command: "click", args: { ref_id: ref }, options: { session } }).pipe(Effect.provide(EngineLive({ adapter: withoutNative, home })))
    )
    expect(envelope.ok).toBe(true)
    expect(screensOf(session)).toEqual([])
    const shown = await ok("trace", { action: "show", event: "screenshot." }, session)
    expect(shown.events.map((e: any) => `${e.event}:${e.phase}`)).toEqual(["screenshot.skipped:pre", "screenshot.skipped:post"])
    expect(shown.events[0].reason).toMatch(/^adapter: PLATFORM_NOT_SUPPORTED: /)
    expect(await ok("trace", { action: "export" }, session)).toMatchObject({ screenshots_embedded: 0, screenshots_skipped: 2 })
  }, 60_000)

  it("beyond the per-invocation limit a capture is skipped and counted", async () => {
    const session: string = (await ok("session", { action: "start", screenshots: true })).session_id
    const ref = await clickRef(session)
    setScreenLimits({ count: 0, bytes: SCREEN_LIMITS.bytes })
    try {
      await ok("click", { ref_id: ref }, session)
    } finally {
      setScreenLimits()
    }
    expect(screensOf(session)).toEqual([])
    const shown = await ok("trace", { action: "show", event: "screenshot." }, session)
    expect(shown.events.map((e: any) => `${e.event}:${e.reason}`)).toEqual(["screenshot.skipped:count_budget", "screenshot.skipped:count_budget"])
  }, 60_000)

  it("press --app frames the app's window; mouse-move (no window) the screen, and no post after its refusal", async () => {
    const session: string = (await ok("session", { action: "start", screenshots: true })).session_id
    const window = (await ok("list-windows", { app: "fixture" }))[0]
    await ok("press", { combo: "tab", app: "fixture" }, session)
    const moved = await run("mouse-move", { xy: { x: 5, y: 5 } }, session)
    expect(moved.error.code).toBe("POLICY_DENIED")
    const display = (await ok("list-displays", {}))[0]
    const shown = await ok("trace", { action: "show", event: "screenshot." }, session)
    expect(shown.events.map((e: any) => `${e.event}:${e.phase}:${e.scope}:${e.width}x${e.height}`)).toEqual([
      `screenshot.captured:pre:window:${window.bounds.width}x${window.bounds.height}`,
      `screenshot.captured:post:window:${window.bounds.width}x${window.bounds.height}`,
      `screenshot.captured:pre:screen:${display.bounds.width}x${display.bounds.height}`,
      // mouse-move was refused (no --headed): nothing was sent, so there is no "after" to capture.
      "screenshot.skipped:post:undefined:undefinedxundefined"
    ])
    expect(shown.events.at(-1).reason).toBe("nothing_sent")
    expect(screensOf(session)).toHaveLength(3)
  }, 60_000)

  it("measures the time --screenshots adds to a click (same run, interleaved, printed)", async () => {
    const plain: string = (await ok("session", { action: "start" })).session_id
    const full: string = (await ok("session", { action: "start", screenshots: true })).session_id
    const timings: Record<string, Array<number>> = { [plain]: [], [full]: [] }
    const rounds = 11
    for (let i = 0; i < rounds; i++) {
      for (const session of [plain, full]) {
        const ref = await clickRef(session)
        const start = performance.now()
        await ok("click", { ref_id: ref }, session)
        timings[session]!.push(performance.now() - start)
      }
    }
    const median = (samples: Array<number>) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!
    const without = median(timings[plain]!)
    const withShots = median(timings[full]!)
    console.log(`click median of ${rounds}: without --screenshots ${without.toFixed(1)} ms, with ${withShots.toFixed(1)} ms, added ${(withShots - without).toFixed(1)} ms`)
    expect(screensOf(full)).toHaveLength(2 * rounds)
    const shots = (await ok("trace", { action: "show", event: "screenshot.captured" }, full)).events
    const phaseMs = (phase: string) => median(shots.filter((e: any) => e.phase === phase).map((e: any) => e.elapsed_ms as number))
    const grabs = shots.filter((e: any) => e.phase === "post").map((e: any) => `${e.grabs}${e.settled ? "" : "!"}`).join(",")
    console.log(`capture median: pre ${phaseMs("pre")} ms (window lookup + grab + write), post ${phaseMs("post")} ms (grabs until settled + write; grabs: ${grabs})`)
  }, 120_000)
})
