import type { DeliveryStep } from "@agent-desktop/platform"
import { Effect } from "effect"
import { fromPlatformError } from "../../errors/fromPlatformError.js"
import { Invocation } from "../../Invocation.js"
import { nativeDesktop } from "./nativeAccess.js"
import { stepLabel } from "./stepLabel.js"
import { recordSteps } from "../../journal/journalSteps.js"
import { writeAhead } from "../../journal/writeAhead.js"
import { answered } from "../../journal/answered.js"
import { reportDisposition } from "../reportDisposition.js"

/** `clipboard-clear`: the clipboard gets no owner (its owner, ours or an app's, is told to let go); read back. */
export const clipboardClear = Effect.fn("clipboard-clear")(function*() {
  const native = yield* nativeDesktop
  const invocation = yield* Invocation
  const label = stepLabel(native, "XSetSelectionOwner(CLIPBOARD, None)")
  const before = yield* native.clipboardRead("auto").pipe(Effect.mapError(fromPlatformError))
  let steps: ReadonlyArray<DeliveryStep>
  if (before === undefined) {
    steps = [{ label: "AlreadyInState", outcome: "skipped", mechanism: "semantic_api" }]
  } else {
    yield* writeAhead(label, { outcome: "attempted", mechanism: "semantic_api" })
    yield* native.clipboardClear().pipe(answered(label))
    const after = yield* native.clipboardRead("auto").pipe(Effect.option)
    steps = [{ label, outcome: "succeeded", mechanism: "semantic_api", verified: after._tag === "Some" && after.value === undefined }]
  }
  recordSteps(invocation, steps)
  return { action: "clipboard-clear", disposition: yield* reportDisposition("clipboard-clear", steps), steps, target: { kind: "clipboard" as const } }
})
