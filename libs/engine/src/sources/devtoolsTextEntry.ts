/**
 * Text into a browser field whose accessibility offers no headless route (Chromium gives its fields no EditableText),
 * through the browser's DevTools protocol when its process has an endpoint (`launch --cdp`, `--remote-debugging-port`):
 * the field is focused through its own accessibility object (AT-SPI GrabFocus, so the element is the ref's and no
 * other), the protocol finds the element holding the page's focus, checks it is a field of the ref's role, and types
 * into it (`Input.insertText`: the page sees trusted `beforeinput`/`input` events; set-value and clear also `change`).
 * No synthesized device input, no window focus. Without an endpoint, or a page for the window, the platform's own
 * refusal stands and nothing was sent. Firefox (toolkit `gecko`) takes the same route over WebDriver BiDi
 * (bidiTextEntry.ts).
 */
import { actOnNode, focusedElement, liveNode, placeCaretAtEnd, type PageAction, type PageSession } from "@agent-desktop/cdp"
import {
  PlatformError, StepJournal, type ActionOptions, type ActionTarget, type DeliveryStep, type DesktopAdapterShape, type SemanticAction
} from "@agent-desktop/platform"
import { Clock, Effect, Option } from "effect"
import type { CdpSource } from "./CdpSource.js"
import { platformErrorOf } from "./CdpSource.js"
import { bidiTextEntry } from "./bidiTextEntry.js"

type TextAction = Extract<SemanticAction, { readonly kind: "type" | "set_value" | "clear" }>

const isTextAction = (action: SemanticAction): action is TextAction =>
  action.kind === "type" || action.kind === "set_value" || action.kind === "clear"

/** The platform's refusal for text only keys can deliver, with the app's pid and window title to find its page by. */
const keyboardOnly = (error: PlatformError): { readonly pid: number; readonly title: string; readonly toolkit?: string } | undefined => {
  const details = error.details ?? {}
  if (error.code !== "POLICY_DENIED" || details["headed_required"] !== true) return undefined
  const reason = details["reason"]
  if (reason !== "no_editable_text" && reason !== "editable_text_inert") return undefined
  const pid = details["app_pid"]
  const title = details["window_title"]
  const toolkit = details["toolkit"]
  return typeof pid === "number" && typeof title === "string" ? { pid, title, ...(typeof toolkit === "string" ? { toolkit } : {}) } : undefined
}

/** Focus moves asynchronously: how long the page may take to show the focus GrabFocus gave. */
const FOCUS_WAIT_MS = 1_500
const FOCUS_POLL_MS = 50

const focusedField = async (session: PageSession, deadline: number): Promise<number | undefined> => {
  const until = Math.min(deadline, Date.now() + FOCUS_WAIT_MS)
  for (;;) {
    const focused = await focusedElement(session)
    if (focused !== undefined || Date.now() + FOCUS_POLL_MS >= until) return focused
    await new Promise((resolve) => setTimeout(resolve, FOCUS_POLL_MS))
  }
}

const timeLeft = (deadline: number) => Effect.map(Clock.currentTimeMillis, (now) => Math.max(250, deadline - now))

/**
 * `inner.act` for a text action; where the platform refuses it as keys-only (headless) and the app's browser has a
 * DevTools endpoint, the text goes in through the protocol instead.
 */
export const actWithDevtoolsText = (
  inner: DesktopAdapterShape,
  cdp: CdpSource,
  target: ActionTarget,
  action: SemanticAction,
  options: ActionOptions
): Effect.Effect<ReadonlyArray<DeliveryStep>, PlatformError> => {
  const direct = inner.act(target, action, options)
  if (options.headed || !isTextAction(action)) return direct
  return direct.pipe(Effect.catchTag("PlatformError", (refusal) => {
    const where = keyboardOnly(refusal)
    if (where === undefined) return Effect.fail(refusal)
    // Gecko serves WebDriver BiDi, not DevTools (bidiTextEntry.ts).
    if (where.toolkit === "gecko") return bidiTextEntry(inner, target, action, options, where, refusal)
    return Effect.gen(function*() {
      const ms = yield* timeLeft(options.deadline)
      // Only reads so far: a process without an endpoint, or a page the protocol cannot find, keeps the refusal.
      const session = yield* Effect.tryPromise(() => cdp.pageOfProcess(where.pid, where.title, ms)).pipe(Effect.orElseSucceed(() => undefined))
      if (session === undefined) return yield* Effect.fail(refusal)
      // Typed text goes in at the caret of a field that had the focus, else at the end (as the AT-SPI route does).
      const focusedBefore = yield* Effect.tryPromise(() => focusedElement(session)).pipe(Effect.orElseSucceed(() => undefined))
      const focusSteps = yield* inner.act(target, { kind: "focus" }, options)
      const journal = yield* Effect.serviceOption(StepJournal)
      const hooks = Option.isSome(journal)
        ? { sending: journal.value.sending, answered: journal.value.answered }
        : { sending: () => undefined, answered: () => undefined }
      const typed = yield* Effect.tryPromise({
        try: async () => {
          const backendNodeId = await focusedField(session, options.deadline)
          const live = backendNodeId === undefined ? undefined : await liveNode(session, backendNodeId)
          if (backendNodeId === undefined || live?.role !== target.role) {
            throw new PlatformError({
              code: "ACTION_FAILED",
              message: `the ${target.role} was focused through accessibility, but the page's focus is ${
                live === undefined ? "on no element" : `on a ${live.role}`
              }: no text was sent`,
              details: { kind: "devtools_focus_mismatch", source: "cdp", ...(live === undefined ? {} : { focused_role: live.role }) }
            })
          }
          if (action.kind === "type" && backendNodeId !== focusedBefore) await placeCaretAtEnd(session, backendNodeId)
          const page: PageAction = action
          return actOnNode(session, backendNodeId, page, hooks)
        },
        catch: (error) => error instanceof PlatformError ? error : platformErrorOf(error, `${action.kind} through DevTools`)
      }).pipe(Effect.mapError((error) => new PlatformError({ ...errorFields(error), steps: [...focusSteps, ...(error.steps ?? [])] })))
      return [...focusSteps, ...typed]
    })
  }))
}

const errorFields = (error: PlatformError) => ({
  code: error.code,
  message: error.message,
  ...(error.details === undefined ? {} : { details: error.details }),
  ...(error.suggestion === undefined ? {} : { suggestion: error.suggestion })
})
