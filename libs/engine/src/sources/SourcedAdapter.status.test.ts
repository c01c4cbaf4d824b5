/**
 * `status` through the sources layer names each process without a usable tree once: the platform's own line about
 * a pid (it has no accessibility app) gives way to the layer's, which says what serves its windows; a pid the layer
 * does not describe keeps the platform's line. Pure logic over a stand-in platform adapter.
 */
import { assert, describe, it } from "@effect/vitest"
import { DesktopAdapter, type DesktopAdapterShape, type ManagedWindow, type NativeDesktopShape, type PlatformStatus } from "@agent-desktop/platform"
import { Effect } from "effect"
import { withSources } from "./SourcedAdapter.js"

const line = (pid: number) => `The windows of PID ${pid} have no AT-SPI app (started with NO_AT_BRIDGE=1, or a toolkit without accessibility).`
const base: PlatformStatus = {
  platform: "linux",
  permissions: { accessibility: { state: "granted" }, screen_recording: { state: "not_required" }, automation: { state: "not_required" } },
  supported_surfaces: ["window", "focused"],
  // 999999 is a pid whose window the display server does not list to the sources layer (no _NET_WM_PID, say).
  problems: ["something else", line(424242), line(999999)],
  problemsByPid: new Map([[424242, line(424242)], [999999, line(999999)]]),
  probes: {}
}
const windows: ReadonlyArray<ManagedWindow> = [
  { nativeId: 0x600003, title: "Task Manager", pid: 424242, bounds: { x: 0, y: 0, width: 400, height: 300 }, minimized: false, maximized: false, focused: true },
  { nativeId: 0x600010, title: "Preferences", pid: 424242, bounds: { x: 0, y: 0, width: 200, height: 100 }, minimized: false, maximized: false, focused: false }
]
const native = { listWindows: () => Effect.succeed(windows) } as unknown as NativeDesktopShape
const inner = DesktopAdapter.of({
  platform: "linux",
  status: () => Effect.succeed(base),
  listApps: () => Effect.succeed([]),
  listWindows: () => Effect.succeed([]),
  native: () => Effect.succeed(native)
} as unknown as DesktopAdapterShape)

describe("status through the sources layer", () => {
  it.effect("has one line per process without a tree: the layer's replaces the platform's; others stay", () =>
    Effect.gen(function*() {
      const status = yield* withSources(inner, { env: {} }).status()
      const about = status.problems.filter((problem) => problem.includes("424242"))
      assert.lengthOf(about, 1, JSON.stringify(status.problems))
      assert.match(about[0]!, /^The windows 'Task Manager', 'Preferences' of .* \(PID 424242\) have no accessibility tree/)
      assert.include(status.problems, line(999999))
      assert.include(status.problems, "something else")
      const listed = (status.probes["sources"] as { windows_without_tree: ReadonlyArray<{ pid: number; tree: string }> }).windows_without_tree
      assert.deepStrictEqual(listed.map((window) => [window.pid, window.tree]), [[424242, "absent"], [424242, "absent"]])
    }))
})
