import { assert, describe, it } from "@effect/vitest"
import type { DbusCall, DbusMessage } from "./DbusCall.js"
import { currentMonitors, MutterScreenCast } from "./MutterScreenCast.js"

/** GetCurrentState's reply in the D-Bus client's shape (variants as [signature, [value]]): two monitors side by side. */
const state = (layoutMode: number, scale: number) => [
  3,
  [
    [["Meta-0", "MetaVendor", "MetaVirtualMonitor", "0x00"], [["1280x1024@60", 1280, 1024, 60, 1, [1], [["is-current", ["b", [true]]]]]], []],
    [["DP-1", "V", "P", "S"], [["1024x768@60", 1024, 768, 60, 1, [1], []], ["2560x1440@60", 2560, 1440, 60, 2, [1, 2], [["is-current", ["b", [true]]]]]], []]
  ],
  [
    [0, 0, 1, 0, true, [["Meta-0", "MetaVendor", "MetaVirtualMonitor", "0x00"]], []],
    [1280, 0, scale, 0, false, [["DP-1", "V", "P", "S"]], []]
  ],
  [["layout-mode", ["u", [layoutMode]]]]
]

const fakeBus = (replies: (message: DbusMessage) => ReadonlyArray<unknown>, calls: Array<DbusMessage> = []): DbusCall =>
  async (message) => {
    calls.push(message)
    return replies(message)
  }

describe("mutter's monitors and ScreenCast streams", () => {
  it("reads each logical monitor's origin and its current mode's size, divided by the scale in the logical layout", async () => {
    const logical = await currentMonitors(fakeBus(() => state(1, 2)))
    assert.deepStrictEqual(logical, [
      { connector: "Meta-0", x: 0, y: 0, width: 1280, height: 1024 },
      { connector: "DP-1", x: 1280, y: 0, width: 1280, height: 720 }
    ])
    const physical = await currentMonitors(fakeBus(() => state(2, 2)))
    assert.deepStrictEqual(physical[1], { connector: "DP-1", x: 1280, y: 0, width: 2560, height: 1440 })
  })

  it("records one stream per monitor in a session tied to the remote-desktop session; without signals the nodes are unknown, with the reason", async () => {
    const calls: Array<DbusMessage> = []
    let stream = 0
    const bus = fakeBus((message) => {
      if (message.member === "Get") return [["s", ["rd-session-7"]]]
      if (message.member === "GetCurrentState") return state(1, 1)
      if (message.member === "CreateSession") return ["/org/gnome/Mutter/ScreenCast/Session/u1"]
      if (message.member === "RecordMonitor") return [`/org/gnome/Mutter/ScreenCast/Stream/u${++stream}`]
      throw new Error(`unexpected ${message.member}`)
    }, calls)
    const cast = await MutterScreenCast.record(bus, "/org/gnome/Mutter/RemoteDesktop/Session/u1")
    assert.deepStrictEqual(cast.streams.map((s) => [s.path, s.bounds.connector]), [
      ["/org/gnome/Mutter/ScreenCast/Stream/u1", "Meta-0"],
      ["/org/gnome/Mutter/ScreenCast/Stream/u2", "DP-1"]
    ])
    assert.deepStrictEqual(calls.find((c) => c.member === "CreateSession")?.body, [[["remote-desktop-session-id", ["s", "rd-session-7"]]]])
    assert.deepStrictEqual(calls.filter((c) => c.member === "RecordMonitor").map((c) => c.body), [
      ["Meta-0", [["cursor-mode", ["u", 0]]]],
      ["DP-1", [["cursor-mode", ["u", 0]]]]
    ])
    assert.match(cast.nodesUnknown ?? "", /delivers no signals/)
  })

  it("takes each stream's PipeWire node from PipeWireStreamAdded, and stops listening", async () => {
    let deliver: ((signal: { path: string; interface: string; member: string; body: ReadonlyArray<unknown> }) => void) | undefined
    let stopped = false
    let rule = ""
    const call = fakeBus((message) => {
      if (message.member === "Get") return [["s", ["id"]]]
      if (message.member === "GetCurrentState") return state(1, 1)
      if (message.member === "CreateSession") return ["/s"]
      return [`/stream/${message.body?.[0]}`]
    })
    const bus: DbusCall = Object.assign(call, {
      listen: async (match: string, onSignal: NonNullable<typeof deliver>) => {
        rule = match
        deliver = onSignal
        return () => void (stopped = true)
      }
    })
    const cast = await MutterScreenCast.record(bus, "/rd")
    assert.match(rule, /member='PipeWireStreamAdded'/)
    deliver!({ path: "/stream/Meta-0", interface: "org.gnome.Mutter.ScreenCast.Stream", member: "PipeWireStreamAdded", body: [41] })
    deliver!({ path: "/stream/DP-1", interface: "org.gnome.Mutter.ScreenCast.Stream", member: "PipeWireStreamAdded", body: [42] })
    await cast.awaitNodes()
    assert.deepStrictEqual(cast.streams.map((s) => s.node), [41, 42])
    assert.isTrue(stopped)
    assert.isUndefined(cast.nodesUnknown)
  })
})
