import type { ArgsOf } from "@agent-desktop/contracts/commands"
import type { ClipboardFormat } from "@agent-desktop/platform"
import { EventStore } from "@agent-desktop/store"
import { Effect } from "effect"
import * as path from "node:path"
import { pathToFileURL } from "node:url"
import { fromPlatformError } from "../../errors/fromPlatformError.js"
import { checkOutput, writeOutput } from "../../output/writeOutput.js"
import { nativeDesktop } from "./nativeAccess.js"
import { pngSize } from "./pngSize.js"

/** The spec's --format values as the platform names them. */
const FORMATS: Readonly<Record<ArgsOf<"clipboard-get">["format"], ClipboardFormat>> = { text: "text", auto: "auto", image: "image", "file-urls": "file_urls" }

/**
 * `clipboard-get [--format text|auto|image|file-urls] [--out PATH]`: text, file URLs, or an image written to PATH
 * (default: a new private file under the state root's tmp folder, 0600; output/OutputFile.ts's rules either way); `{type, found:false}` when the clipboard holds
 * nothing of that type.
 */
export const clipboardGet = Effect.fn("clipboard-get")(function*(args: ArgsOf<"clipboard-get">) {
  const format = FORMATS[args.format]
  const out = args.out
  if (out !== undefined) yield* checkOutput("the clipboard image", out, "replace")
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
        ? yield* writeOutput("the clipboard image", out, content.png, "replace")
        : yield* writeOutput(
          "the clipboard image",
          path.join(store.core.stateRoot, "tmp", `clipboard-${Date.now()}-${process.pid}.png`),
          content.png,
          "create",
          { makeFolder: true }
        )
      const size = pngSize(content.png) ?? { width: 0, height: 0 }
      return { type: "image" as const, path: target, ...size }
    }
  }
})
