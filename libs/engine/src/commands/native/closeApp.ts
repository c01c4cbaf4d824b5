import type { ArgsOf } from "@agent-desktop/contracts/commands"
import { foldDisposition } from "@agent-desktop/domain"
import { DesktopAdapter, type AppInfo, type DeliveryStep, type ManagedWindow, type NativeDesktopShape } from "@agent-desktop/platform"
import { Clock, Effect } from "effect"
import { ActionFailed, AmbiguousTarget, AppNotFound, InvalidArgs } from "../../errors/DesktopError.js"
import { fromPlatformError } from "../../errors/fromPlatformError.js"
import { Invocation } from "../../Invocation.js"
import { nativeDesktop } from "./nativeAccess.js"
import { isAlive, processesNamed, protectedReason } from "./processes.js"
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

/** The app to close: on the accessibility registry, or (none there) a process of that name that shows a window. */
interface CloseTarget {
  readonly app: AppInfo
  /** The window of a process without an accessibility tree, found through the window manager alone. */
  readonly treeless?: ManagedWindow
}

const resolveApp = (name: string) =>
  Effect.gen(function*() {
    const adapter = yield* DesktopAdapter
    const apps = yield* adapter.listApps(name).pipe(Effect.mapError(fromPlatformError))
    const exact = apps.filter((a) => a.name.toLowerCase() === name.toLowerCase())
    if (exact.length === 1) return { app: exact[0]! } satisfies CloseTarget
    if (exact.length === 0) {
      const treeless = yield* treelessApp(name)
      if (treeless !== undefined) return treeless
      return yield* new AppNotFound({ message: `no running app is named '${name}'`, suggestion: "Run agent-desktop list-apps for the names" })
    }
    return yield* new AmbiguousTarget({
      message: `${exact.length} running apps are named '${name}'`,
      details: { candidates: exact.map((a: AppInfo) => ({ name: a.name, pid: a.pid })) },
      suggestion: "Close the windows you mean with their window ids, or use --force on one pid"
    })
  })

/**
 * An app that never registered with the accessibility bus (launch reports it so): this user's process named `name`
 * whose window the window manager manages. Undefined when none is; several such processes are ambiguous.
 */
const treelessApp = (name: string) =>
  Effect.gen(function*() {
    const adapter = yield* DesktopAdapter
    if (adapter.native === undefined) return undefined
    const native = yield* adapter.native().pipe(Effect.option)
    if (native._tag === "None") return undefined
    const found: Array<CloseTarget> = []
    for (const pid of processesNamed(name)) {
      const window = yield* native.value.findWindow({ pid, title: "" }).pipe(Effect.option)
      if (window._tag === "Some") found.push({ app: { name, pid }, treeless: window.value })
    }
    if (found.length <= 1) return found[0]
    return yield* new AmbiguousTarget({
      message: `${found.length} processes named '${name}' show windows without an accessibility tree`,
      details: { candidates: found.map((target) => ({ name, pid: target.app.pid, title: target.treeless!.title })) },
      suggestion: "Close the one you mean through its window (screenshot, then --headed mouse-click on its close button), or end it by pid outside agent-desktop"
    })
  })

/**
 * Titles of the windows of `pid` still there after the close: each closed one the window manager still manages (its
 * title, else where it was), the process's only window (a dialog it opened instead, such as a save prompt), and for
 * an app with a tree its accessible windows (a dialog beside a window that stayed).
 */
const windowsLeft = (native: NativeDesktopShape, app: AppInfo, closed: ReadonlyArray<ManagedWindow>, accessible: boolean) =>
  Effect.gen(function*() {
    const left = new Set<string>()
    for (const hint of [...closed.map((w) => ({ pid: app.pid, title: w.title, bounds: w.bounds })), { pid: app.pid, title: "" }]) {
      const found = yield* native.findWindow(hint).pipe(Effect.option)
      if (found._tag === "Some") left.add(found.value.title)
    }
    if (accessible && left.size > 0) {
      const adapter = yield* DesktopAdapter
      const windows = yield* adapter.listWindows(app.name).pipe(Effect.orElseSucceed(() => []))
      for (const w of windows) if (w.pid === app.pid) left.add(w.title)
    }
    return [...left]
  })

/**
 * `close-app APP [--force]`: graceful = the window manager closes each of the app's windows (as their close
 * buttons would); --force = SIGTERM, then SIGKILL. An app without an accessibility tree is found by its process
 * name and its window. Graceful succeeds once the process is gone, or once every window of it is gone while the
 * process stays (a background service: details say so); a window left (a save prompt) is ACTION_FAILED. --force
 * succeeds only once the process is gone. A protected process (the session's shell, window manager, display server,
 * buses, ourselves) is never touched.
 */
export const closeApp = Effect.fn("close-app")(function*(args: ArgsOf<"close-app">) {
  const { app: name, force } = args
  const { app, treeless } = yield* resolveApp(name)
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
  let details: Record<string, unknown> | undefined
  if (!force) {
    const native = yield* nativeDesktop
    const adapter = yield* DesktopAdapter
    const managed: Array<ManagedWindow> = []
    if (treeless !== undefined) managed.push(treeless)
    else {
      const windows = yield* adapter.listWindows(app.name).pipe(Effect.mapError(fromPlatformError))
      for (const w of windows.filter((w) => w.pid === app.pid)) {
        const found = yield* native.findWindow({ pid: w.pid, title: w.title, ...(w.bounds ? { bounds: w.bounds } : {}) }).pipe(Effect.option)
        if (found._tag === "Some") managed.push(found.value)
      }
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
    // A process still running is not yet a save prompt: many apps (GApplication services such as nautilus) stay
    // without windows. Only a window left over is something the user may have to answer.
    const left = gone ? [] : yield* windowsLeft(native, app, managed, treeless === undefined)
    steps = [{ label, outcome: "succeeded", mechanism: "semantic_api", verified: gone || left.length === 0 }]
    recordSteps(invocation, steps)
    if (left.length > 0) {
      return yield* new ActionFailed({
        message: `${app.name} was asked to close but is still running after ${GRACEFUL_MS} ms with ${left.map((title) => `'${title}'`).join(", ")} open (it may be asking to save)`,
        delivery: foldDisposition(steps).delivery,
        details: { kind: "post_action_verification", pid: app.pid, still_running: true, windows: left },
        suggestion: treeless === undefined
          ? "Snapshot the app to answer its dialog, or use close-app --force"
          : "Take a screenshot to see what it asks and answer with --headed mouse-click --xy or press, or use close-app --force"
      })
    }
    if (!gone) {
      details = {
        process_running: true,
        note: `every window of ${app.name} closed; its process (pid ${app.pid}) keeps running without a window, as a background service does. close-app --force ends it`
      }
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
    ...(details === undefined ? {} : { details }),
    target,
    app: app.name,
    method: force ? "force" as const : "graceful" as const
  }
})
