import { assert, describe, it } from "@effect/vitest"
import { startGnomeShell, startKwin, type RunningWaylandDesktop, type WaylandStartOptions } from "@agent-desktop/desktop"
import { addonErrorCode } from "./Addon.js"
import { requireAddon } from "../test/requireAddon.js"
import { WaylandSession } from "./WaylandSession.js"

const codeOf = (run: () => unknown): { code: string | undefined; message: string } => {
  try {
    run()
    return { code: undefined, message: "" }
  } catch (error) {
    return { code: addonErrorCode(error), message: (error as Error).message }
  }
}

// gnome-shell 43 and KWin 5.27 offer none of the wlroots protocols to an ordinary client (KWin's fake input is only
// announced to clients its .desktop authorization names): each channel says which protocol is missing, nothing is sent.
const sessions: ReadonlyArray<[string, (options: WaylandStartOptions) => Promise<RunningWaylandDesktop>]> = [
  ["gnome-shell", startGnomeShell],
  ["kwin_wayland", startKwin]
]

describe("the wlroots channels on compositors that do not offer them", () => {
  for (const [name, start] of sessions) {
    it(`${name}: connects, reads the output, and refuses keys, pointer, capture and the window list precisely`, async () => {
      const desktop = await start({ timeoutMs: 60_000 })
      const session = new WaylandSession(requireAddon(), desktop.env.WAYLAND_DISPLAY)
      try {
        assert.deepStrictEqual(session.displays().map((d) => d.bounds), [{ x: 0, y: 0, width: 1280, height: 1024 }])
        assert.deepStrictEqual(
          [session.info.protocols.virtual_keyboard, session.info.protocols.virtual_pointer, session.info.protocols.screencopy, session.info.protocols.foreign_toplevel],
          [null, null, null, null]
        )
        const refusals = [
          codeOf(() => session.pressKey("a")),
          codeOf(() => session.click(10, 10, "left", 1)),
          codeOf(() => session.capture()),
          codeOf(() => session.toplevels())
        ]
        assert.deepStrictEqual(refusals.map((r) => r.code), Array(4).fill("WL_PROTOCOL_UNAVAILABLE"))
        assert.deepStrictEqual(
          refusals.map((r) => /zw[a-z_]+_v1/.exec(r.message)?.[0]),
          ["zwp_virtual_keyboard_manager_v1", "zwlr_virtual_pointer_manager_v1", "zwlr_screencopy_manager_v1", "zwlr_foreign_toplevel_manager_v1"]
        )
      } finally {
        session.close()
        await desktop.stop()
      }
    }, 120_000)
  }
})
