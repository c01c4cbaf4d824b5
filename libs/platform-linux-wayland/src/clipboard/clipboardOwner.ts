/**
 * The Wayland clipboard owner: a small detached process (a Wayland selection lives only as long as the client that
 * offers it). Reads `{items: [{mime, data (base64)}], mutter?}` as JSON on stdin, connects to WAYLAND_DISPLAY, takes
 * the selection through zwlr_data_control_device_v1 (or, with `mutter`, through a mutter RemoteDesktop session on that
 * session-bus socket: GNOME), prints `owned` (or `error: ...`), then answers pastes until another client takes the
 * selection or the compositor (or the bus) goes away, and exits. Started by `ClipboardOwnerProcess.ts`.
 */
import { readFileSync } from "node:fs"
import { loadAddon } from "../Addon.js"

const fail = (message: string): never => {
  process.stdout.write(`error: ${message}\n`)
  process.exit(1)
}

const spec = JSON.parse(readFileSync(0, "utf8")) as {
  items: ReadonlyArray<{ mime: string; data: string }>
  /** GNOME: own through mutter's RemoteDesktop session on this session-bus socket instead of data-control. */
  mutter?: { path: string; abstract: boolean }
}
const load = loadAddon()
if (load._tag === "Unavailable") fail(load.reason)
else {
  const addon = load.addon
  const items = spec.items.map((i) => ({ mime: i.mime, data: Buffer.from(i.data, "base64") }))
  if (spec.mutter) {
    try {
      addon.mutterClipboardServe(spec.mutter.path, spec.mutter.abstract, items, () => process.stdout.write("owned\n"))
    } catch (error) {
      fail((error as Error).message)
    }
    process.exit(0)
  }
  try {
    addon.connect()
    if (!addon.clipboardOwn(items)) {
      fail("another client took the selection at once")
    }
  } catch (error) {
    fail((error as Error).message)
  }
  process.stdout.write("owned\n")
  addon.clipboardServe()
  addon.disconnect()
  process.exit(0)
}
