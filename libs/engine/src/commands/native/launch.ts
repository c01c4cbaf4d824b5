import type { ArgsOf } from "@agent-desktop/contracts/commands"
import { DesktopAdapter, type AppInfo, type ManagedWindow, type NativeDesktopShape, type WindowInfo } from "@agent-desktop/platform"
import { Clock, Effect } from "effect"
import { spawn } from "node:child_process"
import { existsSync, statSync } from "node:fs"
import * as path from "node:path"
import { ActionFailed, AppUnresponsive, InvalidArgs, Timeout } from "../../errors/DesktopError.js"
import { fromPlatformError } from "../../errors/fromPlatformError.js"
import { Invocation } from "../../Invocation.js"
import { withJavaAccessibility } from "./javaAccessibility.js"
import { CDP_PROBE_BUDGET_MS, cdpSwitches, choosePort, conflictingSwitch, probeEndpoint, remoteProtocolOf, type RemoteProtocol } from "./cdp.js"
import { launchCommand } from "./desktopEntry.js"
import { nativeDesktop } from "./nativeAccess.js"
import { loadsAccessibilityBridge, noTreeAdvice, noTreeToolkit, processAppName, processFacts } from "./noTreeAdvice.js"
import { isAlive } from "./processes.js"
import { operateAndVerify, WINDOW_SETTLE_MS } from "./windowOperation.js"
import { writeAhead } from "../../journal/writeAhead.js"

const POLL_MS = 100
/**
 * How long a process whose window is mapped may still take to register with the accessibility bus before launch
 * reports it has no tree: toolkits register when they start, before their first window maps (GTK, Qt) or right
 * after it (Java's ATK wrapper), so a window that has been up this long without a registration will not get one.
 */
export const NO_TREE_GRACE_MS = 2000
/**
 * The grace for a process that loaded the AT-SPI bridge and left it on (loadsAccessibilityBridge): it will
 * register, and Chromium does so after its window maps — more than NO_TREE_GRACE_MS later on a loaded machine.
 */
export const BRIDGE_GRACE_MS = 10_000

const envEntries = (entries: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const out: Record<string, string> = {}
    for (const entry of entries) {
      const eq = entry.indexOf("=")
      if (eq <= 0) return yield* new InvalidArgs({ message: "an --env entry is not K=V (its text is not repeated here: it may hold a secret)", suggestion: "Pass --env NAME=value" })
      out[entry.slice(0, eq)] = entry.slice(eq + 1)
    }
    return out
  })

const report = (app: AppInfo, window: WindowInfo | undefined) => ({
  app: app.name,
  pid: app.pid,
  ...(app.process_instance === undefined ? {} : { process_instance: app.process_instance }),
  ...(window === undefined ? {} : { window })
})

/**
 * `launch APP [--arg V]... [--env K=V]... [--cwd DIR] [--timeout MS] [--no-attach] [--activate]`: APP is an
 * executable path, a command on PATH or a desktop id. A running app of that name is attached to (refused with
 * --no-attach). Otherwise the process starts in its own session and the command waits until it is on the
 * accessibility registry with a window (a process that exits first: APP_UNRESPONSIVE), or until its window is mapped
 * and has stayed off the registry for NO_TREE_GRACE_MS (BRIDGE_GRACE_MS for a process that loaded the AT-SPI bridge,
 * which will register, if late): then it answers at once, without a window (the app has no
 * accessible tree), with a suggestion naming the toolkit's way to turn accessibility on and the pixel route.
 * --activate focuses the window.
 * --cdp [PORT] starts a Chromium-based app with a DevTools endpoint, or a Gecko app with its WebDriver BiDi endpoint,
 * and reports it (cdp.ts).
 */
export const launch = Effect.fn("launch")(function*(args: ArgsOf<"launch">) {
  const { app: name, timeout: timeoutMs, arg: extraArgs, cwd, no_attach: noAttach, activate } = args
  const env = yield* envEntries(args.env)
  // `--cdp` absent: undefined; `--cdp` alone is 0 (a free port).
  const cdpRequested = args.cdp
  const conflict = cdpRequested === undefined ? undefined : conflictingSwitch(extraArgs)
  if (conflict !== undefined) {
    return yield* new InvalidArgs({
      message: `--arg ${conflict.split("=")[0]} sets up a DevTools endpoint of its own, which --cdp does`,
      details: { kind: "cdp_switch_conflict", switch: conflict.split("=")[0] },
      suggestion: "Pass either --cdp [PORT] or your own remote-debugging switches, not both"
    })
  }
  if (cwd !== undefined && (!existsSync(cwd) || !statSync(cwd).isDirectory())) {
    return yield* new InvalidArgs({ message: `--cwd ${cwd} is not a folder`, suggestion: "Pass an existing folder" })
  }
  const adapter = yield* DesktopAdapter
  const invocation = yield* Invocation
  const before = yield* adapter.listApps().pipe(Effect.mapError(fromPlatformError))
  const running = before.filter((a) => a.name.toLowerCase() === name.toLowerCase())
  if (running.length > 0) {
    if (cdpRequested !== undefined) {
      return yield* new ActionFailed({
        message: `${name} is already running (pid ${running.map((a) => a.pid).join(", ")}); a DevTools endpoint can only be set up when the app starts`,
        delivery: "not_delivered",
        details: { kind: "cdp_requires_fresh_launch", pids: running.map((a) => a.pid) },
        suggestion: `Close it (close-app ${name}) and launch it again with --cdp`
      })
    }
    if (noAttach) {
      return yield* new ActionFailed({
        message: `${name} is already running (pid ${running.map((a) => a.pid).join(", ")}) and --no-attach was given`,
        delivery: "not_delivered",
        suggestion: "Close it first, or launch without --no-attach to use the running instance"
      })
    }
    const app = running[0]!
    const windows = yield* adapter.listWindows(app.name).pipe(Effect.mapError(fromPlatformError))
    return report(app, windows.find((w) => w.pid === app.pid))
  }
  const port = cdpRequested === undefined ? undefined : yield* choosePort(cdpRequested)
  // A Java app gets the ATK wrapper (javaAccessibility.ts); the user's own --env wins over it.
  const appEnv = { ...withJavaAccessibility(invocation.options.environment ?? process.env), ...env }
  const plain = launchCommand(name, extraArgs, appEnv)
  const protocol = plain === undefined || port === undefined ? undefined : remoteProtocolOf(plain.argv[0]!)
  const command = plain === undefined || port === undefined ? plain : { ...plain, argv: [...plain.argv, ...cdpSwitches(port, protocol)] }
  if (command === undefined) {
    return yield* new InvalidArgs({
      message: `'${name}' is not an executable, a command on PATH, a desktop id or a running app`,
      suggestion: "Pass the program's path, its command name or its .desktop id"
    })
  }
  invocation.record("action.dispatch.start", { action: "launch", argv0: path.basename(command.argv[0]!), source: command.source })
  yield* writeAhead("spawn", { outcome: "attempted", mechanism: "semantic_api" })
  const child = yield* Effect.try({
    try: () => {
      const c = spawn(command.argv[0]!, command.argv.slice(1), {
        detached: true,
        stdio: "ignore",
        env: appEnv,
        ...(cwd === undefined ? {} : { cwd })
      })
      c.on("error", () => {})
      c.unref()
      if (c.pid === undefined) throw new Error("no pid")
      return c
    },
    catch: (error) => new ActionFailed({ message: `could not start ${command.argv[0]}: ${String(error)}`, delivery: "not_delivered" })
  })
  const pid = child.pid!
  invocation.record("step.succeeded", { label: "spawn", outcome: "succeeded", mechanism: "semantic_api", pid })
  const deadline = (yield* Clock.currentTimeMillis) + timeoutMs
  const known = new Set(before.map((a) => `${a.name}|${a.pid}`))
  // The window manager's view finds a window the accessibility registry never will (no native facet: not asked).
  const native = adapter.native === undefined ? undefined : yield* adapter.native().pipe(Effect.option)
  let mappedAt: number | undefined
  let grace = Math.min(NO_TREE_GRACE_MS, timeoutMs)
  let app: AppInfo | undefined
  let window: WindowInfo | undefined
  while (true) {
    if (app === undefined) {
      const apps = yield* adapter.listApps().pipe(Effect.mapError(fromPlatformError))
      // Its own pid; else a new app of the command's name (launchers that hand over to another process).
      app = apps.find((a) => a.pid === pid) ??
        apps.find((a) => !known.has(`${a.name}|${a.pid}`) && a.name.toLowerCase() === path.basename(command.argv[0]!).toLowerCase())
    }
    if (app !== undefined) {
      const windows = yield* adapter.listWindows(app.name).pipe(Effect.mapError(fromPlatformError))
      window = windows.find((w) => w.pid === app!.pid)
      if (window !== undefined) break
    } else if (!isAlive(pid)) {
      return yield* new AppUnresponsive({
        message: `${name} (pid ${pid}) exited before it showed a window`,
        delivery: "delivered_unverified",
        details: { pid },
        suggestion: "Run the command in a terminal to see why it exits"
      })
    } else if (native?._tag === "Some") {
      const mapped = yield* native.value.findWindow({ pid, title: "" }).pipe(Effect.option)
      const now = yield* Clock.currentTimeMillis
      if (mapped._tag === "Some" && mappedAt === undefined) {
        mappedAt = now
        if (loadsAccessibilityBridge(processFacts(pid))) grace = Math.min(BRIDGE_GRACE_MS, timeoutMs)
      }
      if (mappedAt !== undefined && now - mappedAt >= grace) {
        const title = mapped._tag === "Some" ? mapped.value.title : undefined
        invocation.record("step.succeeded", { label: "window_mapped", outcome: "succeeded", mechanism: "semantic_api", pid, accessibility: "absent" })
        if (activate && mapped._tag === "Some") yield* activateManaged(native.value, mapped.value)
        const appName = processAppName(pid) ?? path.basename(command.argv[0]!)
        return yield* withEndpoint({ app: appName, pid, suggestion: noTreeSuggestion(appName, pid, title) }, port, timeoutMs, protocol)
      }
    }
    if ((yield* Clock.currentTimeMillis) >= deadline) {
      if (app !== undefined) return yield* withEndpoint(report(app, undefined), port, timeoutMs, protocol)
      return yield* new Timeout({
        message: `${name} (pid ${pid}) started but did not appear on the accessibility registry within ${timeoutMs} ms`,
        delivery: "delivered_unverified",
        details: { kind: "deadline", pid, timeout_ms: timeoutMs },
        suggestion: native?._tag === "Some"
          ? "It showed no window in that time: check that it is a graphical app for this session (DISPLAY), or give it a longer --timeout if it is slow to start"
          : "Check that the app supports accessibility (AT-SPI) and give it a longer --timeout"
      })
    }
    yield* Effect.sleep(POLL_MS)
  }
  if (activate) {
    const native = yield* nativeDesktop
    const managed = yield* native.findWindow({ pid: window.pid, title: window.title, ...(window.bounds ? { bounds: window.bounds } : {}) })
      .pipe(Effect.mapError(fromPlatformError))
    yield* operateAndVerify(native, { info: window, managed }, {
      operation: { kind: "focus" },
      label: "_NET_ACTIVE_WINDOW",
      satisfied: (w) => w.focused && !w.minimized,
      describe: () => ({ focused: true })
    }, true)
    window = { ...window, is_focused: true }
  }
  // A window the sources layer serves without a tree (its `accessibility` says so): the same advice as above.
  const launched = report(app!, window)
  const advice = window.accessibility === undefined
    ? undefined
    : window.accessibility.tree === "inactive"
    ? `${app!.name} (pid ${app!.pid}) shows a window${window.title ? ` ('${window.title}')` : ""} with its accessibility switched off, so its tree shows none of the content: ${window.accessibility.fix ?? "restart it with its accessibility on"}${window.accessibility.sources.includes("cdp") ? "; meanwhile its DevTools endpoint serves its pages (snapshot, find and actions through cdp refs)" : ""}`
    : noTreeSuggestion(app!.name, app!.pid, window.title)
  return yield* withEndpoint(advice === undefined ? launched : { ...launched, suggestion: advice }, port, timeoutMs, protocol)
})

/** What to tell about an app that shows a window but no accessibility tree: its toolkit's switch and the pixel route. */
const noTreeSuggestion = (appName: string, pid: number, title: string | undefined) =>
  `${appName} (pid ${pid}) shows a window${title ? ` ('${title}')` : ""} but has no accessibility tree, so snapshot, find and ref actions cannot see it: ${noTreeAdvice(noTreeToolkit(processFacts(pid)))}; close-app ${appName} closes it`

/**
 * --activate for a window the window manager alone knows (no accessible window to name it): ask for it to become
 * the active window and read it back, as focus-window does.
 */
const activateManaged = (native: NativeDesktopShape, window: ManagedWindow) =>
  Effect.gen(function*() {
    yield* native.operateWindow(window.nativeId, { kind: "focus" }).pipe(Effect.mapError(fromPlatformError))
    const deadline = (yield* Clock.currentTimeMillis) + WINDOW_SETTLE_MS
    while (true) {
      const now = yield* native.readWindow(window.nativeId).pipe(Effect.mapError(fromPlatformError))
      if (now.focused && !now.minimized) return
      if ((yield* Clock.currentTimeMillis) >= deadline) {
        return yield* new ActionFailed({
          message: `the app started, but the window manager did not make its window '${window.title}' active within ${WINDOW_SETTLE_MS} ms`,
          delivery: "delivered_unverified",
          details: { kind: "post_action_verification", requested: { focused: true }, observed: { focused: now.focused, minimized: now.minimized } },
          suggestion: "The app is running: take a screenshot to see what covers its window, and click it with --headed mouse-click --xy"
        })
      }
      yield* Effect.sleep(POLL_MS)
    }
  })

/**
 * With --cdp: the launch's report plus the DevTools endpoint once it answers (within --timeout, at most 10 s after the
 * window). An app that never answers was still started (delivered), so that is ACTION_FAILED with what the probe saw,
 * and a retry is not safe (it would attach).
 */
const withEndpoint = (
  launched: ReturnType<typeof report> & { readonly suggestion?: string },
  port: number | undefined,
  timeoutMs: number,
  protocol: RemoteProtocol | undefined
) =>
  Effect.gen(function*() {
    if (port === undefined) return launched
    const budgetMs = Math.min(CDP_PROBE_BUDGET_MS, timeoutMs)
    const probe = yield* probeEndpoint(port, budgetMs, () => isAlive(launched.pid), protocol)
    if (probe.endpoint !== undefined) {
      // `renderer: chromium` names a DevTools endpoint's browser; Firefox's endpoint says so by its protocol alone.
      return probe.endpoint.protocol === "webdriver-bidi" ? { ...launched, cdp: probe.endpoint } : { ...launched, cdp: probe.endpoint, renderer: "chromium" as const }
    }
    return yield* new ActionFailed({
      message: `${launched.app} (pid ${launched.pid}) started, but no ${protocol === "webdriver-bidi" ? "WebDriver BiDi" : "DevTools"} endpoint answered on port ${port} within ${probe.elapsedMs} ms`,
      delivery: "delivered_unverified",
      details: {
        kind: "cdp_endpoint_unavailable",
        pid: launched.pid,
        port,
        elapsed_ms: probe.elapsedMs,
        probe_budget_ms: budgetMs,
        ...(launched.process_instance === undefined ? {} : { process_instance: launched.process_instance }),
        ...(probe.responderWithoutDevtoolsBody ? { responder_without_devtools_body: true } : {})
      },
      suggestion: "--cdp works with Chromium-based apps (Chromium, Chrome, Electron; Google Chrome 136+ only with a profile of its own: --arg=--user-data-dir=DIR) and with Firefox (one WebDriver BiDi client at a time); close this one and launch it again that way, or without --cdp"
    })
  })
