/**
 * The clipboard owner: a small detached process (X11 selections live only as long as their owner). Reads
 * `{selection, items}` as JSON on stdin, takes the selection, prints `owned` (or `error: ...`), then answers
 * requests until another client owns the selection, and exits. Started by `ClipboardOwnerProcess.ts`.
 */
import { readFileSync } from "node:fs"
import { loadAddon } from "./Addon.js"
import type { SelectionItem } from "./ClipboardContent.js"

const fail = (message: string): never => {
  process.stdout.write(`error: ${message}\n`)
  process.exit(1)
}

const spec = JSON.parse(readFileSync(0, "utf8")) as { selection: string; items: ReadonlyArray<SelectionItem> }
const load = loadAddon()
if (load._tag === "Unavailable") fail(load.reason)
else {
  const addon = load.addon
  try {
    addon.open()
  } catch (error) {
    fail((error as Error).message)
  }
  if (!addon.selectionOwn(spec.selection)) fail(`could not take ownership of ${spec.selection}`)
  process.stdout.write("owned\n")
  addon.selectionServe(spec.selection, spec.items.map((i) => ({ target: i.target, type: i.type, data: Buffer.from(i.data, "base64") })))
  addon.close()
  process.exit(0)
}
