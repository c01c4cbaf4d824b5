import type { ClipboardFormat } from "@agent-desktop/platform"
import { EventStore } from "@agent-desktop/store"
import { Effect } from "effect"
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs"
import * as path from "node:path"
import { pathToFileURL } from "node:url"
import { optionalString, type Args } from "../../Args.js"
import { ActionFailed, InvalidArgs } from "../../errors/DesktopError.js"
import { fromPlatformError } from "../../errors/fromPlatformError.js"
import { nativeDesktop } from "./nativeAccess.js"
import { pngSize } from "./pngSize.js"

const FORMATS: Readonly<Record<string, ClipboardFormat>> = { text: "text", auto: "auto", image: "image", "file-urls": "file_urls" }

/**
 * `clipboard-get [--format text|auto|image|file-urls] [--out PATH]`: text, file URLs, or an image written to PATH
 * (default: a private file under the state root's tmp folder, 0600); `{type, found:false}` when the clipboard holds
 * nothing of that type.
 */
export const clipboardGet = Effect.fn("clipboard-get")(function*(args: Args) {
  const raw = (yield* optionalString(args, "format")) ?? "text"
  const format = FORMATS[raw]
  if (format === undefined) {
    return yield* new InvalidArgs({ message: `Unknown format '${raw}'`, suggestion: "Use text, auto, image or file-urls" })
  }
  const out = yield* optionalString(args, "out")
  if (out !== undefined) {
    const dir = path.dirname(path.resolve(out))
    if (!existsSync(dir) || !statSync(dir).isDirectory()) {
      return yield* new InvalidArgs({ message: `the folder ${dir} does not exist`, suggestion: "Pass --out in an existing folder" })
    }
  }
  const native = yield* nativeDesktop
  const content = yield* native.clipboardRead(format).pipe(Effect.mapError(fromPlatformError))
  if (content === undefined) return { type: format === "auto" ? "text" : format, found: false as const }
  switch (content.type) {
    case "text":
      return { type: "text" as const, text: content.text }
    case "file_urls":
      return { type: "file_urls" as const, file_urls: content.paths.map((p) => pathToFileURL(p).href) }
    case "image": {
      const store = yield* EventStore
      const target = out !== undefined
        ? path.resolve(out)
        : path.join(store.core.stateRoot, "tmp", `clipboard-${Date.now()}-${process.pid}.png`)
      yield* Effect.try({
        try: () => {
          mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 })
          writeFileSync(target, content.png, { mode: 0o600 })
        },
        catch: (error) => new ActionFailed({ message: `cannot write ${target}: ${(error as Error).message}`, delivery: "not_delivered" })
      })
      const size = pngSize(content.png) ?? { width: 0, height: 0 }
      return { type: "image" as const, path: target, ...size }
    }
  }
})
