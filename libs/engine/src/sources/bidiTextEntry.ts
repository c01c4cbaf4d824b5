/**
 * Text into a Firefox field without --headed, through the browser's WebDriver BiDi endpoint when its process has one
 * (`launch --cdp`, `--remote-debugging-port`): Firefox lists EditableText on its fields but ignores it, and serves
 * no DevTools protocol. The field is focused through its own accessibility object (AT-SPI GrabFocus), a BiDi session
 * finds the window's page and checks that the element holding its focus is a field of the ref's role, and the text
 * goes in as WebDriver key actions (trusted keydown, beforeinput, input and keyup events; set-value and clear also
 * leave the field, so the page gets its change). The session is started and ended per action: Firefox serves one at a
 * time. Without an endpoint the platform's refusal stands and nothing was sent.
 */
import {
  bidiEndpointOfProcess, contextOfWindow, contractRolesOfField, enterFieldText, focusedField, openBidiSession, placeBidiCaretAtEnd,
  unsendableCharacter, type BidiSession, type FieldText
} from "@agent-desktop/cdp"
import {
  PlatformError, StepJournal, type ActionOptions, type ActionTarget, type DeliveryStep, type DesktopAdapterShape
} from "@agent-desktop/platform"
import { Clock, Effect, Option } from "effect"
import { platformErrorOf } from "./CdpSource.js"

/** Focus moves asynchronously: how long the page may take to show the focus GrabFocus gave. */
const FOCUS_WAIT_MS = 1_500
const FOCUS_POLL_MS = 50

/** The process's BiDi endpoint, or undefined (none, or one off loopback, which is never used). */
const endpointOf = (pid: number) => {
  const found = bidiEndpointOfProcess(pid)
  return found.kind === "endpoint" ? found.endpoint : undefined
}

/** The focused element once it is a field of `role` (polled: focus arrives after GrabFocus answers), else what has it. */
const fieldOfRole = async (session: BidiSession, context: string, role: string, deadline: number) => {
  const until = Math.min(deadline, Date.now() + FOCUS_WAIT_MS)
  for (;;) {
    const focused = await focusedField(session, context, Math.max(250, deadline - Date.now()))
    if ((focused !== undefined && contractRolesOfField(focused.field).has(role)) || Date.now() + FOCUS_POLL_MS >= until) return focused
    await new Promise((resolve) => setTimeout(resolve, FOCUS_POLL_MS))
  }
}

const textOf = (action: FieldText): string => action.kind === "type" ? action.text : action.kind === "set_value" ? action.value : ""

/**
 * The BiDi route for a text action the platform refused as keys-only: `where` is the refusal's app pid and window
 * title. Fails with `refusal` when the process has no endpoint (nothing sent).
 */
export const bidiTextEntry = (
  inner: DesktopAdapterShape,
  target: ActionTarget,
  action: FieldText,
  options: ActionOptions,
  where: { readonly pid: number; readonly title: string },
  refusal: PlatformError
): Effect.Effect<ReadonlyArray<DeliveryStep>, PlatformError> =>
  Effect.gen(function*() {
    const endpoint = endpointOf(where.pid)
    if (endpoint === undefined) return yield* Effect.fail(refusal)
    const unsendable = unsendableCharacter(textOf(action))
    if (unsendable !== undefined) {
      return yield* Effect.fail(new PlatformError({
        code: "ACTION_NOT_SUPPORTED",
        message: `character ${unsendable.index + 1} of the text (U+${unsendable.character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}) cannot be typed through WebDriver BiDi: ${unsendable.why}; nothing was sent`,
        details: { kind: "bidi_unsendable_character", source: "bidi", index: unsendable.index },
        suggestion: "Type it with --headed (the keyboard), or put it on the clipboard and paste"
      }))
    }
    const now = yield* Clock.currentTimeMillis
    const ms = Math.max(250, options.deadline - now)
    const session = yield* Effect.tryPromise({
      try: () => openBidiSession(endpoint, ms),
      catch: (error) => platformErrorOf(error, "starting a WebDriver BiDi session", "bidi")
    })
    return yield* Effect.ensuring(
      Effect.gen(function*() {
        const context = yield* Effect.tryPromise({
          try: () => contextOfWindow(session, where.title, ms),
          catch: (error) => platformErrorOf(error, "finding the window's page through WebDriver BiDi", "bidi")
        })
        // Typed text goes in at the caret of a field that had the focus, else at the end (as the AT-SPI route does).
        const before = yield* Effect.tryPromise(() => focusedField(session, context, ms)).pipe(Effect.orElseSucceed(() => undefined))
        const focusSteps = yield* inner.act(target, { kind: "focus" }, options)
        const journal = yield* Effect.serviceOption(StepJournal)
        const hooks = Option.isSome(journal)
          ? { sending: journal.value.sending, answered: journal.value.answered }
          : { sending: () => undefined, answered: () => undefined }
        const typed = yield* Effect.tryPromise({
          try: async () => {
            const focused = await fieldOfRole(session, context, target.role, options.deadline)
            if (focused === undefined || !contractRolesOfField(focused.field).has(target.role)) {
              throw new PlatformError({
                code: "ACTION_FAILED",
                message: `the ${target.role} was focused through accessibility, but the page's focus is ${
                  focused === undefined ? "on no element" : `on a <${focused.field.tag}>${focused.field.role === undefined ? "" : ` (role ${focused.field.role})`}`
                }: no text was sent`,
                details: { kind: "devtools_focus_mismatch", source: "bidi", ...(focused === undefined ? {} : { focused_element: focused.field.tag }) }
              })
            }
            const moved = before?.sharedId === undefined || before.sharedId !== focused.sharedId
            if (action.kind === "type" && moved) await placeBidiCaretAtEnd(session, context, Math.max(250, options.deadline - Date.now()))
            return enterFieldText(session, context, action, hooks, Math.max(250, options.deadline - Date.now()))
          },
          catch: (error) => error instanceof PlatformError ? error : platformErrorOf(error, `${action.kind} through WebDriver BiDi`, "bidi")
        }).pipe(Effect.mapError((error) => new PlatformError({ ...errorFields(error), steps: [...focusSteps, ...(error.steps ?? [])] })))
        return [...focusSteps, ...typed]
      }),
      Effect.promise(() => session.end())
    )
  })

const errorFields = (error: PlatformError) => ({
  code: error.code,
  message: error.message,
  ...(error.details === undefined ? {} : { details: error.details }),
  ...(error.suggestion === undefined ? {} : { suggestion: error.suggestion })
})
