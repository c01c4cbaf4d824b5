import type { ArgsOf } from "@agent-desktop/contracts/commands"
import { foldDisposition } from "@agent-desktop/domain"
import { DesktopAdapter, type AppInfo, type DeliveryStep } from "@agent-desktop/platform"
import { Clock, Effect } from "effect"
import { ActionFailed, AmbiguousTarget, AppNotFound, InvalidArgs } from "../../errors/DesktopError.js"
import { fromPlatformError } from "../../errors/fromPlatformError.js"
import { Invocation } from "../../Invocation.js"
import { nativeDesktop } from "./nativeAccess.js"
import { isAlive, protectedReason } from "./processes.js"
import { recordSteps } from "../../journal/journalSteps.js"
import { writeAhead } from "../../journal/writeAhead.js"
import { answered } from "../../journal/answered.js"
import { reportDisposition } from "../reportDisposition.js"

const GRACEFUL_MS = 5000
const TERM_MS = 2000
const KILL_MS = 2000

const waitGone = (pid: number, ms: number) =>
  Effect.gen(function*() {
    const deadline = (yield* Clock.currentTimeMillis) + ms
    while (isAlive(pid)) {
      if ((yield* Clock.currentTimeMillis) >= deadline) return false
      yield* Effect.sleep(50)
    }
    return true
  })

/** A process that is already gone cannot be signalled; that is what we wanted anyway. */
const signal = (pid: number, name: NodeJS.Signals) => {
  try {
    process.kill(pid, name)
  } catch {
    // ESRCH
  }
}

const resolveApp = (name: string) =>
  Effect.gen(function*() {
    const adapter = yield* DesktopAdapter
    const apps = yield* adapter.listApps(name).pipe(Effect.mapError(fromPlatformError))
    const exact = apps.filter((a) => a.name.toLowerCase() === name.toLowerCase())
    if (exact.length === 1) return exact[0]!
    if (exact.length === 0) {
      return yield* new AppNotFound({ message: `no running app is named '${name}'`, suggestion: "Run agent-desktop list-apps for the names" })
    }
    return yield* new AmbiguousTarget({
      message: `${exact.length} running apps are named '${name}'`,
      details: { candidates: exact.map((a: AppInfo) => ({ name: a.name, pid: a.pid })) },
      suggestion: "Close the windows you mean with their window ids, or use --force on one pid"
    })
  })

/**
 * `close-app APP [--force]`: graceful = the window manager closes each of the app's windows (as their close
 * buttons would); --force = SIGTERM, then SIGKILL. Either way the process must be gone before it reports success;
 * a protected process (the session's shell, window manager, display server, buses, ourselves) is never touched.
 */
export const closeApp = Effect.fn("close-app")(function*(args: ArgsOf<"close-app">) {
  const { app: name, force } = args
  const app = yield* resolveApp(name)
  const refusal = protectedReason(app.pid)
  if (refusal !== undefined) {
    return yield* new InvalidArgs({ message: `${app.name} (pid ${app.pid}) is protected: ${refusal}`, suggestion: "Close a regular application" })
  }
  const invocation = yield* Invocation
  const target = {
    kind: "app" as const,
    name: app.name,
    process: { pid: app.pid, ...(app.process_instance === undefined ? {} : { process_instance: app.process_instance }) }
  }
  let steps: Array<DeliveryStep> = []
  if (!force) {
    const native = yield* nativeDesktop
    const adapter = yield* DesktopAdapter
    const windows = yield* adapter.listWindows(app.name).pipe(Effect.mapError(fromPlatformError))
    const mine = windows.filter((w) => w.pid === app.pid)
    const managed = []
    for (const w of mine) {
      const found = yield* native.findWindow({ pid: w.pid, title: w.title, ...(w.bounds ? { bounds: w.bounds } : {}) }).pipe(Effect.option)
      if (found._tag === "Some") managed.push(found.value)
    }
    if (managed.length === 0) {
      return yield* new ActionFailed({
        message: `${app.name} has no window the window manager can close`,
        delivery: "not_delivered",
        suggestion: "Use close-app --force to end the process"
      })
    }
    const label = "_NET_CLOSE_WINDOW"
    yield* writeAhead(label, { outcome: "attempted", mechanism: "semantic_api" })
    for (const w of managed) {
      yield* native.operateWindow(w.nativeId, { kind: "close" }).pipe(answered(label))
      // Each window's request that went out is evidence of its own: a refusal for the next one (the window manager
      // gone meanwhile) must not fold the whole command to not_delivered.
      invocation.record("step.succeeded", { label, outcome: "succeeded", mechanism: "semantic_api", window: w.nativeId })
    }
    const gone = yield* waitGone(app.pid, GRACEFUL_MS)
    steps = [{ label, outcome: "succeeded", mechanism: "semantic_api", verified: gone }]
    recordSteps(invocation, steps)
    if (!gone) {
      return yield* new ActionFailed({
        message: `${app.name} was asked to close but is still running after ${GRACEFUL_MS} ms (it may be asking to save)`,
        delivery: foldDisposition(steps).delivery,
        details: { kind: "post_action_verification", pid: app.pid, still_running: true },
        suggestion: "Snapshot the app to answer its dialog, or use close-app --force"
      })
    }
  } else {
    yield* writeAhead("SIGTERM", { outcome: "attempted", mechanism: "semantic_api" })
    yield* Effect.sync(() => signal(app.pid, "SIGTERM"))
    let gone = yield* waitGone(app.pid, TERM_MS)
    steps = [{ label: "SIGTERM", outcome: "succeeded", mechanism: "semantic_api", verified: gone }]
    if (!gone) {
      yield* writeAhead("SIGKILL", { outcome: "attempted", mechanism: "semantic_api" })
      yield* Effect.sync(() => signal(app.pid, "SIGKILL"))
      gone = yield* waitGone(app.pid, KILL_MS)
      steps = [{ label: "SIGTERM", outcome: "succeeded", mechanism: "semantic_api" }, { label: "SIGKILL", outcome: "succeeded", mechanism: "semantic_api", verified: gone }]
    }
    recordSteps(invocation, steps)
    if (!gone) {
      return yield* new ActionFailed({
        message: `${app.name} (pid ${app.pid}) survived SIGKILL`,
        delivery: foldDisposition(steps).delivery,
        details: { kind: "post_action_verification", pid: app.pid, still_running: true }
      })
    }
  }
  return {
    action: "close-app",
    disposition: yield* reportDisposition("close-app", steps),
    steps,
    target,
    app: app.name,
    method: force ? "force" as const : "graceful" as const
  }
})
