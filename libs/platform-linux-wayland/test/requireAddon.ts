/** The addon for tests: a machine where it is not built fails the test with the reason (never a silent skip). */
import { loadAddon, type WaylandAddon } from "../src/Addon.js"

export const requireAddon = (): WaylandAddon => {
  const loaded = loadAddon()
  if (loaded._tag === "Unavailable") throw new Error(loaded.reason)
  return loaded.addon
}
