/**
 * Ref actions on text read from the screen (`ocr` refs): there is no element to ask, so the action is pointer and
 * keyboard input at the text, and only with `--headed` (without it: POLICY_DENIED, naming it). Before anything is
 * sent the text is found again where it was (twice: it must be stable), its window is made the active one and
 * verified, and the pointer checks apply (visible, inside its window and a screen, topmost window at its centre).
 * `type` clicks into the text and types; `set-value` and `clear` select it with a triple click first. The readback
 * reads the line again: the typed text seen there confirms the action; not seen is no evidence either way (OCR may
 * misread), never a contradiction.
 */
import type { ActionResult } from "@agent-desktop/contracts"
import { DesktopAdapter, StepJournal, type DeliveryStep, type KeyCombo } from "@agent-desktop/platform"
import { Clock, Effect } from "effect"
import { ActionNotSupported, PolicyDenied } from "../../errors/DesktopError.js"
import { Invocation } from "../../Invocation.js"
import { answered } from "../../journal/answered.js"
import { journalledError, journalSteps, recordSteps } from "../../journal/journalSteps.js"
import { writeAhead } from "../../journal/writeAhead.js"
import type { Resolved } from "../../resolve/resolveRef.js"
import { nativeDesktop } from "../native/nativeAccess.js"
import { refPoint } from "../native/refPoint.js"
import { reportDisposition } from "../reportDisposition.js"

/** What each ref action is as input at a text. */
const PLAN: Readonly<Record<string, { readonly clicks: number; readonly text?: "text" | "value" | "empty" }>> = {
  click: { clicks: 1 },
  focus: { clicks: 1 },
  toggle: { clicks: 1 },
  type: { clicks: 1, text: "text" },
  "set-value": { clicks: 3, text: "value" },
  clear: { clicks: 3, text: "empty" }
}

/** One character as a key combination: upper-case letters with shift, a space as `space`. */
const comboOf = (char: string): KeyCombo =>
  char === " " ? { modifiers: [], key: "space" }
    : /^[A-Z]$/.test(char) ? { modifiers: ["shift"], key: char.toLowerCase() }
    : char === "\n" ? { modifiers: [], key: "return" }
    : { modifiers: [], key: char }

/** ActionDetails is an open object; its static type cannot say so, the index signature does. */
type OpenActionDetails = NonNullable<ActionResult["details"]> & Readonly<Record<string, unknown>>

const folded = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim()

export const ocrRefAction = Effect.fn("action.ocr")(function*(
  name: string,
  ref: string,
  resolved: Resolved,
  input: { readonly text?: string; readonly value?: string },
  timeoutMs: number
) {
  const invocation = yield* Invocation
  const plan = PLAN[name]
  if (plan === undefined) {
    return yield* new ActionNotSupported({
      message: `${ref} is text read from the screen (OCR): ${name} needs an element that can report its state; click it, type into it or set its value instead`,
      delivery: "not_delivered",
      details: { kind: "ocr_action_unsupported", source: "ocr", action: name, supported: Object.keys(PLAN) }
    })
  }
  if (invocation.options.headed !== true) {
    return yield* new PolicyDenied({
      message: `${ref} is text read from the screen (OCR): ${name} on it is pointer${plan.text === undefined ? "" : " and keyboard"} input at the text, which runs only with --headed`,
      delivery: "not_delivered",
      details: { kind: "ocr_requires_headed", source: "ocr" },
      suggestion: "Repeat with --headed if moving the user's pointer and typing into the focused window is acceptable"
    })
  }
  const adapter = yield* DesktopAdapter
  const native = yield* nativeDesktop
  const actionable = yield* refPoint(ref, name, native, timeoutMs)
  invocation.record("action.dispatch.start", { action: name, ref, x: actionable.point.x, y: actionable.point.y, source: "ocr" })
  const clickLabel = `XTestFakeButtonEvent(${plan.clicks === 1 ? "click" : `${plan.clicks} clicks`})`
  yield* writeAhead(clickLabel, { outcome: "attempted", mechanism: "physical_synthetic" })
  yield* native.click(actionable.point, { button: "left", count: plan.clicks, modifiers: [] }).pipe(answered(clickLabel))
  const steps: Array<DeliveryStep> = [{ label: clickLabel, outcome: "succeeded", mechanism: "physical_synthetic" }]
  recordSteps(invocation, steps)
  const typed = plan.text === "text" ? input.text ?? "" : plan.text === "value" ? input.value ?? "" : undefined
  const combos: ReadonlyArray<KeyCombo> = plan.text === "empty" ? [{ modifiers: [], key: "BackSpace" }] : [...(typed ?? "")].map(comboOf)
  const deadline = (yield* Clock.currentTimeMillis) + timeoutMs
  for (const combo of combos) {
    yield* writeAhead("pressKeys", { action: name })
    const journalled = journalSteps(invocation)
    const sent = yield* adapter.pressKeys(combo, undefined, { headed: true, deadline }).pipe(
      Effect.provideService(StepJournal, journalled.journal),
      Effect.tapError((error) => Effect.sync(() => recordSteps(invocation, error.steps ?? [], journalled.recorded))),
      Effect.mapError((error) => journalledError(journalled, error))
    )
    recordSteps(invocation, sent, journalled.recorded)
    steps.push(...sent)
  }
  const details: OpenActionDetails = { source: "ocr", actionability: { point: actionable.point, checks: actionable.checks } }
  if (typed === undefined && plan.text !== "empty") {
    return { action: name, disposition: yield* reportDisposition(name, steps), steps, details }
  }
  // Readback: the line again, across the window's width (an entry's text grows to the right).
  const bounds = actionable.resolved.node.bounds!
  const window = actionable.resolved.window.bounds
  const band = {
    x: window?.x ?? bounds.x - 200,
    y: Math.max(0, bounds.y - bounds.height),
    width: window?.width ?? bounds.width + 400,
    height: bounds.height * 3
  }
  const seen = adapter.screenText === undefined
    ? undefined
    : yield* adapter.screenText.read(band).pipe(Effect.map((lines) => lines.map((line) => line.text).join("\n")), Effect.option)
  const text = seen?._tag === "Some" ? seen.value : undefined
  const confirmed = text !== undefined && (plan.text === "empty" ? !folded(text).includes(folded(resolved.entry.name ?? "")) : folded(text).includes(folded(typed ?? "")))
  invocation.record("readback.observed", { ref, readback: confirmed ? "confirmed" : "unavailable", source: "ocr" })
  return {
    action: name,
    disposition: yield* reportDisposition(name, steps, { readback: confirmed ? "confirmed" : "unavailable" }),
    steps,
    details: confirmed ? details : { ...details, verification_scope: "unavailable" } as OpenActionDetails
  }
})
