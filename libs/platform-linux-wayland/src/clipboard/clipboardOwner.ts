/**
 * The Wayland clipboard owner: a small detached process (a Wayland selection lives only as long as the client that
 * offers it). Reads `{items: [{mime, data (base64)}]}` as JSON on stdin, connects to WAYLAND_DISPLAY, takes the
 * selection through zwlr_data_control_device_v1, prints `owned` (or `error: ...`), then answers pastes until another
 * client takes the selection or the compositor goes away, and exits. Started by `ClipboardOwnerProcess.ts`.
 */
import { readFileSync } from "node:fs"
import { loadAddon } from "../Addon.js"

const fail = (message: string): never => {
  process.stdout.write(`error: ${message}\n`)
  process.exit(1)
}

const spec = JSON.parse(readFileSync(0, "utf8")) as { items: ReadonlyArray<{ mime: string; data: string }> }
const load = loadAddon()
if (load._tag === "Unavailable") fail(load.reason)
else {
  const addon = load.addon
  try {
    addon.connect()
    if (!addon.clipboardOwn(spec.items.map((i) => ({ mime: i.mime, data: Buffer.from(i.data, "base64") })))) {
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
