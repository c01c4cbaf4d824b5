import type { ArgsOf } from "@agent-desktop/contracts/commands"
import { DesktopAdapter, StepJournal } from "@agent-desktop/platform"
import { Clock, Effect } from "effect"
import { InvalidArgs, PolicyDenied } from "../errors/DesktopError.js"
import { fromPlatformError } from "../errors/fromPlatformError.js"
import { Invocation } from "../Invocation.js"
import { journalledError, journalSteps, recordSteps } from "../journal/journalSteps.js"
import { writeAhead } from "../journal/writeAhead.js"
import { parseCombo } from "../keys/parseCombo.js"
import { focusForKeys } from "./native/focusForKeys.js"
import { reportDisposition } from "./reportDisposition.js"

/** `press COMBO [--app] [--window-id] [--force]`: keys to an app's window (or the focused one). */
export const press = Effect.fn("press")(function*(args: ArgsOf<"press">) {
  const { combo: raw, app, window_id: windowId, force, timeout_ms: timeoutMs } = args
  const parsed = parseCombo(raw)
  if (parsed._tag === "Invalid") {
    return yield* new InvalidArgs({ message: parsed.message, suggestion: "Write the combo as mod+key, for example ctrl+s, shift+tab or return" })
  }
  if (parsed.dangerous && !force) {
    return yield* new PolicyDenied({
      message: `'${raw}' can end an app or the session, so it is not sent without --force`,
      delivery: "not_delivered",
      suggestion: "Ask the user before repeating it with --force"
    })
  }
  const adapter = yield* DesktopAdapter
  const invocation = yield* Invocation
  const window = app === undefined && windowId === undefined
    ? undefined
    : yield* adapter.resolveWindow({ ...(app === undefined ? {} : { app }), ...(windowId === undefined ? {} : { windowId }) }).pipe(
      Effect.mapError(fromPlatformError)
    )
  // Keys go to the active window: make the target window active and verify it first (X11 window manager). Without
  // --headed nothing moves the focus, and the adapter refuses keys for a window whose app does not hold it.
  if (window !== undefined && invocation.options.headed === true) yield* focusForKeys(window)
  const deadline = (yield* Clock.currentTimeMillis) + timeoutMs
  yield* writeAhead("pressKeys", { action: "press" })
  const journalled = journalSteps(invocation)
  const steps = yield* adapter.pressKeys(parsed.combo, window, { headed: invocation.options.headed === true, deadline }).pipe(
    Effect.provideService(StepJournal, journalled.journal),
    Effect.tapError((error) => Effect.sync(() => {
      recordSteps(invocation, error.steps ?? [], journalled.recorded)
      invocation.record("action.dispatch.error", { action: "press", code: error.code })
    })),
    Effect.mapError((error) => journalledError(journalled, error))
  )
  recordSteps(invocation, steps, journalled.recorded)
  invocation.record("action.dispatch.ok", { action: "press" })
  return { action: "press", disposition: yield* reportDisposition("press", steps), steps }
})
