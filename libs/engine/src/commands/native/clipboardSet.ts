import type { ArgsOf } from "@agent-desktop/contracts/commands"
import type { ClipboardContent, DeliveryStep } from "@agent-desktop/platform"
import { Effect } from "effect"
import { existsSync, readFileSync, statSync } from "node:fs"
import * as path from "node:path"
import { InvalidArgs } from "../../errors/DesktopError.js"
import { Invocation } from "../../Invocation.js"
import { nativeDesktop } from "./nativeAccess.js"
import { stepLabel } from "./stepLabel.js"
import { pngSize } from "./pngSize.js"
import { recordSteps } from "../../journal/journalSteps.js"
import { writeAhead } from "../../journal/writeAhead.js"
import { answered } from "../../journal/answered.js"
import { reportDisposition } from "../reportDisposition.js"

const MAX_BYTES = 64 * 1024 * 1024

const contentOf = (args: ArgsOf<"clipboard-set">) =>
  Effect.gen(function*() {
    const { text, image, file_url: files } = args
    if (image !== undefined) {
      const file = path.resolve(image)
      if (!existsSync(file) || !statSync(file).isFile()) {
        return yield* new InvalidArgs({ message: `--image ${file} does not exist`, suggestion: "Pass the path of a PNG file" })
      }
      if (statSync(file).size > MAX_BYTES) return yield* new InvalidArgs({ message: `--image ${file} is larger than 64 MiB` })
      const png = readFileSync(file)
      if (pngSize(png) === undefined) {
        return yield* new InvalidArgs({ message: `--image ${file} is not a PNG`, suggestion: "Convert the image to PNG first" })
      }
      return { type: "image", png } satisfies ClipboardContent
    }
    if (files.length > 0) {
      const paths = files.map((f) => path.resolve(f))
      const missing = paths.filter((p) => !existsSync(p))
      if (missing.length > 0) {
        return yield* new InvalidArgs({ message: `--file-url: ${missing.join(", ")} does not exist`, suggestion: "Pass paths of existing files" })
      }
      return { type: "file_urls", paths } satisfies ClipboardContent
    }
    if (text === undefined) {
      return yield* new InvalidArgs({ message: "clipboard-set needs TEXT, --image PNG or --file-url PATH", suggestion: "Pass what to put on the clipboard" })
    }
    if (Buffer.byteLength(text, "utf8") > MAX_BYTES) return yield* new InvalidArgs({ message: "the text is larger than 64 MiB" })
    return { type: "text", text } satisfies ClipboardContent
  })

const same = (a: ClipboardContent | undefined, b: ClipboardContent): boolean => {
  if (a === undefined || a.type !== b.type) return false
  if (a.type === "text" && b.type === "text") return a.text === b.text
  if (a.type === "file_urls" && b.type === "file_urls") return a.paths.join("\n") === b.paths.join("\n")
  if (a.type === "image" && b.type === "image") return Buffer.from(a.png).equals(Buffer.from(b.png))
  return false
}

/**
 * `clipboard-set [TEXT] [--image PNG] [--file-url PATH ...]` (image beats files beats text): a detached owner
 * process serves the content until something else is copied; the clipboard is read back through the display server.
 */
export const clipboardSet = Effect.fn("clipboard-set")(function*(args: ArgsOf<"clipboard-set">) {
  const content = yield* contentOf(args)
  const native = yield* nativeDesktop
  const invocation = yield* Invocation
  const label = stepLabel(native, "XSetSelectionOwner(CLIPBOARD)")
  invocation.record("action.dispatch.start", { action: "clipboard-set", type: content.type })
  yield* writeAhead(label, { outcome: "attempted", mechanism: "semantic_api" })
  const { ownerPid } = yield* native.clipboardWrite(content).pipe(answered(label))
  const back = yield* native.clipboardRead(content.type).pipe(Effect.option)
  const steps: ReadonlyArray<DeliveryStep> = [{
    label,
    outcome: "succeeded",
    mechanism: "semantic_api",
    verified: back._tag === "Some" && same(back.value, content)
  }]
  recordSteps(invocation, steps)
  invocation.record("clipboard.owner", { pid: ownerPid })
  return {
    action: "clipboard-set",
    disposition: yield* reportDisposition("clipboard-set", steps),
    steps,
    target: { kind: "clipboard" as const },
    type: content.type
  }
})
