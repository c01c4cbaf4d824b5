import { assert, describe, it } from "@effect/vitest"
import { decodeFrames, encodeFrame, SwayIpcError, swayWindows, type SwayNode } from "./SwayIpc.js"

describe("i3-ipc frames", () => {
  it("round-trips, splits several frames and keeps a partial one for later", () => {
    const a = encodeFrame(4, "")
    const b = encodeFrame(0, "focus")
    const both = Buffer.concat([a, b, b.subarray(0, 10)])
    const { frames, rest } = decodeFrames(both)
    assert.deepStrictEqual(frames, [{ type: 4, payload: "" }, { type: 0, payload: "focus" }])
    assert.strictEqual(rest.length, 10)
  })

  it("refuses bytes that are not a frame", () => {
    assert.throws(() => decodeFrames(Buffer.from("not-ipc-at-all!!")), SwayIpcError)
  })
})

const node = (over: Partial<SwayNode> & Pick<SwayNode, "id" | "type">): SwayNode => ({
  name: null,
  rect: { x: 0, y: 0, width: 0, height: 0 },
  focused: false,
  nodes: [],
  floating_nodes: [],
  ...over
})

describe("swayWindows", () => {
  it("lists views with their workspace, output and floating state, XWayland ones by class", () => {
    const tree = node({
      id: 1,
      type: "root",
      nodes: [
        node({
          id: 2,
          type: "output",
          name: "HEADLESS-1",
          nodes: [
            node({
              id: 3,
              type: "workspace",
              name: "1",
              nodes: [node({ id: 4, type: "con", name: "Fixture", pid: 10, app_id: "fixture", shell: "xdg_shell", focused: true, rect: { x: 0, y: 25, width: 640, height: 999 }, deco_rect: { x: 0, y: 0, width: 640, height: 25 } })],
              floating_nodes: [
                node({ id: 5, type: "floating_con", name: "xterm", pid: 11, app_id: null, shell: "xwayland", window_properties: { class: "XTerm" } })
              ]
            })
          ]
        })
      ]
    })
    const windows = swayWindows(tree)
    assert.deepStrictEqual(windows.map((w) => [w.id, w.title, w.appId, w.floating, w.workspace, w.output, w.focused]), [
      [4, "Fixture", "fixture", false, "1", "HEADLESS-1", true],
      [5, "xterm", "XTerm", true, "1", "HEADLESS-1", false]
    ])
    // The frame adds the title bar above the container's rect.
    assert.deepStrictEqual(windows[0]!.frame, { x: 0, y: 0, width: 640, height: 1024 })
  })
})
