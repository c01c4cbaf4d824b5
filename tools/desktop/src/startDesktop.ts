/**
 * Starts a private virtual desktop (linux-atspi.md §3): Xvfb on a free display, open only to holders of a fresh cookie
 * (XAuthority.ts), a private session bus started
 * after DISPLAY is known, the AT-SPI bus launcher, IsEnabled, then the apps (each in its own session, like
 * `setsid`), and waits until every app is on the registry. Every PID goes to `$STATE/pids` for `stopDesktop`.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import type { Readable } from "node:stream"
import { setTimeout as sleep } from "node:timers/promises"
import { resolveApp, type AppSpec } from "./AppSpec.js"
import { DbusClient } from "./DbusClient.js"
import { formatEnv, type DesktopEnv } from "./DesktopEnv.js"
import { desktopPackages, ensurePackages } from "./ensurePackages.js"
import { liveArgv, recordPid } from "./PidLedger.js"
import { connectionPid, nameHasOwner, registeredAppNames } from "./RegistryProbe.js"
import { stopDesktop, type StopReport } from "./stopDesktop.js"
import { startWindowManager, type WindowManagerName } from "./WindowManager.js"
import { writeXAuthority } from "./XAuthority.js"

export interface StartOptions {
  /** State directory; a fresh temporary one when omitted. Reusing a directory stops what it recorded first. */
  readonly stateDir?: string
  readonly apps?: ReadonlyArray<string | AppSpec>
  /** Extra registry names to wait for (each app's own name is always waited for). */
  readonly waitNames?: ReadonlyArray<string>
  readonly geometry?: string
  readonly timeoutMs?: number
  /** Set org.a11y.Status IsEnabled (default true). */
  readonly enable?: boolean
  /** Start an EWMH window manager before the apps (none by default). */
  readonly windowManager?: WindowManagerName
  /** More Xvfb arguments, e.g. `["-extension", "MIT-SHM"]` for a server without shared memory. */
  readonly xvfbArgs?: ReadonlyArray<string>
}

export interface RunningApp {
  readonly name: string
  readonly pid: number
  /** The app's stdout and stderr. */
  readonly logPath: string
}

export interface RunningDesktop {
  readonly stateDir: string
  readonly env: DesktopEnv
  readonly apps: ReadonlyArray<RunningApp>
  /** Starts one more app on this desktop and waits until it is on the registry. */
  readonly launch: (app: string | AppSpec, timeoutMs?: number) => Promise<RunningApp>
  readonly stop: () => Promise<StopReport>
}

class StartError extends Error {}

const launcherPath = "/usr/libexec/at-spi-bus-launcher"

const clientEnv = (env: Partial<DesktopEnv>): NodeJS.ProcessEnv => {
  const base: NodeJS.ProcessEnv = { ...process.env, ...env }
  delete base.NO_AT_BRIDGE
  delete base.GTK_MODULES
  delete base.WAYLAND_DISPLAY
  return base
}

/** Reads one line a child writes to its fd 3 (Xvfb -displayfd, dbus-daemon --print-address). */
const readFd3Line = (child: ChildProcess, what: string, deadline: number): Promise<string> =>
  new Promise((resolve, reject) => {
    const stream = child.stdio[3] as Readable | undefined
    if (!stream) return reject(new StartError(`${what}: no fd 3`))
    let text = ""
    const timer = setTimeout(() => finish(new StartError(`${what}: nothing on fd 3 before the deadline`)), Math.max(0, deadline - Date.now()))
    const finish = (error?: Error, line?: string) => {
      clearTimeout(timer)
      stream.removeAllListeners()
      stream.destroy()
      if (error) reject(error)
      else resolve(line ?? "")
    }
    stream.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8")
      const newline = text.indexOf("\n")
      if (newline >= 0) finish(undefined, text.slice(0, newline).trim())
    })
    stream.on("error", (error) => finish(error))
    child.once("exit", (code) => finish(new StartError(`${what} exited with code ${code} during start-up`)))
  })

const pollUntil = async <A>(
  what: string,
  deadline: number,
  probe: () => Promise<A | undefined>,
  intervalMs = 50
): Promise<A> => {
  let lastError: unknown
  while (Date.now() < deadline) {
    try {
      const value = await probe()
      if (value !== undefined) return value
    } catch (error) {
      // A StartError is final (the process died); anything else may be a component still coming up.
      if (error instanceof StartError) throw error
      lastError = error
    }
    await sleep(intervalMs)
  }
  throw new StartError(`${what} not ready before the deadline${lastError ? `: ${String(lastError)}` : ""}`)
}

const childrenOf = (parentPid: number): ReadonlyArray<number> =>
  readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === parentPid
      } catch {
        return false
      }
    })

const requiredPrograms = ["Xvfb", "dbus-daemon", launcherPath]

const missingPrograms = (): ReadonlyArray<string> =>
  requiredPrograms.filter((program) =>
    program.startsWith("/")
      ? !existsSync(program)
      : !(process.env.PATH ?? "").split(":").some((dir) => dir && existsSync(join(dir, program)))
  )

/** On a clean machine, install the packages first (root + apt only); otherwise say exactly what is missing. */
const ensurePrograms = (): void => {
  if (missingPrograms().length === 0) return
  ensurePackages()
  const missing = missingPrograms()
  if (missing.length > 0) {
    throw new StartError(`missing ${missing.join(", ")}; install: ${desktopPackages.join(" ")}`)
  }
}

export const startDesktop = async (options: StartOptions = {}): Promise<RunningDesktop> => {
  ensurePrograms()
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), "agent-desktop-"))
  mkdirSync(stateDir, { recursive: true, mode: 0o700 })
  await stopDesktop(stateDir)
  const deadline = Date.now() + (options.timeoutMs ?? 30_000)
  const logs = join(stateDir, "logs")
  const xdgRuntime = join(stateDir, "xdg")
  const xdgConfig = join(stateDir, "config")
  for (const dir of [logs, xdgRuntime, xdgConfig]) mkdirSync(dir, { recursive: true, mode: 0o700 })

  // Private to this user: Xvfb refuses a client without this file's cookie (XAuthority.ts).
  // Absolute: clients that run in another folder read it too (a --state given relative).
  const xauthority = resolve(stateDir, "xauthority")
  writeXAuthority(xauthority)
  const env: { -readonly [K in keyof DesktopEnv]?: DesktopEnv[K] } = {
    XAUTHORITY: xauthority,
    XDG_RUNTIME_DIR: xdgRuntime,
    XDG_CONFIG_HOME: xdgConfig,
    GDK_BACKEND: "x11"
  }

  const launch = (label: string, argv: ReadonlyArray<string>, fd3 = false, extraEnv?: Readonly<Record<string, string>>): ChildProcess => {
    const log = openSync(join(logs, `${label}.log`), "a", 0o600)
    const [command, ...args] = argv
    const child = spawn(command!, args, {
      detached: true,
      stdio: fd3 ? ["ignore", log, log, "pipe"] : ["ignore", log, log],
      env: { ...clientEnv(env), ...extraEnv }
    })
    closeSync(log)
    child.on("error", () => {})
    child.unref()
    if (child.pid === undefined) throw new StartError(`${label}: could not start ${command}`)
    recordPid(stateDir, { pid: child.pid, label, argv })
    return child
  }
  const adopt = (label: string, pid: number | undefined) => {
    const argv = pid === undefined ? undefined : liveArgv(pid)
    if (pid !== undefined && argv) recordPid(stateDir, { pid, label, argv })
  }

  let session: DbusClient | undefined
  let a11y: DbusClient | undefined
  try {
    const geometry = options.geometry ?? "1280x1024x24"
    const xvfb = launch("xvfb", ["Xvfb", "-displayfd", "3", "-auth", xauthority, "-screen", "0", geometry, "-nolisten", "tcp", "-noreset", ...(options.xvfbArgs ?? [])], true)
    env.DISPLAY = `:${await readFd3Line(xvfb, "Xvfb", deadline)}`

    // DISPLAY must be in the environment before the session bus starts: activated services inherit it.
    const busSocket = join(xdgRuntime, "bus")
    const sessionBus = launch(
      "session-bus",
      ["dbus-daemon", "--session", "--nofork", `--address=unix:path=${busSocket}`, "--print-address=3"],
      true
    )
    env.DBUS_SESSION_BUS_ADDRESS = await readFd3Line(sessionBus, "session bus", deadline)
    session = DbusClient.connect(env.DBUS_SESSION_BUS_ADDRESS)

    const launcher = launch("at-spi-bus-launcher", [launcherPath, "--launch-immediately"])
    let launcherExited: string | undefined
    launcher.once("exit", (code, signal) => {
      launcherExited = `at-spi-bus-launcher exited (${signal ?? code}) during start-up; see ${join(logs, "at-spi-bus-launcher.log")}`
    })
    const busClient = session
    // With --launch-immediately the launcher starts the a11y bus before it claims org.a11y.Bus. A call to that name
    // in between makes the session bus activate a second launcher from its service file; one of the two loses the
    // name and exits (seen in CI on a loaded machine: ours, so the ledger held a dead launcher). Ask without
    // activating until ours owns the name.
    await pollUntil("org.a11y.Bus on the session bus", deadline, async () => {
      if (launcherExited) throw new StartError(launcherExited)
      return (await nameHasOwner(busClient, "org.a11y.Bus")) ? true : undefined
    }, 20)
    env.AT_SPI_BUS_ADDRESS = await pollUntil("AT-SPI bus", deadline, async () => {
      const [address] = await busClient.call(
        { destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.a11y.Bus", member: "GetAddress" },
        1000
      )
      return typeof address === "string" && address.length > 0 ? address : undefined
    })
    if (options.enable !== false) {
      await session.call({
        destination: "org.a11y.Bus",
        path: "/org/a11y/bus",
        interface: "org.freedesktop.DBus.Properties",
        member: "Set",
        signature: "ssv",
        body: ["org.a11y.Status", "IsEnabled", ["b", true]]
      })
    }

    a11y = DbusClient.connect(env.AT_SPI_BUS_ADDRESS)
    const a11yClient = a11y
    // The bus daemon reports its own PID; the launcher's child list is the fallback.
    const a11yBusPid = await connectionPid(a11y, "org.freedesktop.DBus")
    if (a11yBusPid !== undefined) adopt("a11y-bus", a11yBusPid)
    else for (const pid of childrenOf(launcher.pid!)) adopt("a11y-bus", pid)
    // The first registry call activates at-spi2-registryd; record it so stop reaches it.
    await pollUntil("AT-SPI registry", deadline, async () => (await registeredAppNames(a11yClient), true))
    adopt("registryd", await connectionPid(a11y, "org.a11y.atspi.Registry"))
    adopt("dconf-service", await connectionPid(session, "ca.desrt.dconf"))

    const fullEnv = env as DesktopEnv
    if (options.windowManager) await startWindowManager(options.windowManager, launch, clientEnv(env), deadline)
    writeFileSync(join(stateDir, "env"), formatEnv(fullEnv), { mode: 0o600 })

    const startApp = async (app: string | AppSpec, appDeadline: number): Promise<RunningApp> => {
      const spec = resolveApp(app, stateDir)
      const label = `app-${spec.name}`
      const child = launch(label, spec.argv, false, spec.env)
      let exited: string | undefined
      child.once("exit", (code, signal) => {
        exited = `${spec.name} exited (${signal ?? code}) before registering`
      })
      await pollUntil(`${spec.name} on the registry`, appDeadline, async () => {
        if (exited) throw new StartError(exited)
        return (await registeredAppNames(a11yClient)).includes(spec.name) ? true : undefined
      }, 100).catch((error: unknown) => {
        throw new StartError(`${error instanceof Error ? error.message : String(error)}; see ${join(logs, `${label}.log`)}`)
      })
      return { name: spec.name, pid: child.pid!, logPath: join(logs, `${label}.log`) }
    }

    // Start every app first, then wait: GTK start-up is the slow part and it overlaps.
    const apps = await Promise.all((options.apps ?? []).map((app) => startApp(app, deadline)))
    if (options.waitNames && options.waitNames.length > 0) {
      const wanted = options.waitNames
      await pollUntil(`apps ${wanted.join(", ")} on the registry`, deadline, async () => {
        const names = await registeredAppNames(a11yClient)
        return wanted.every((name) => names.includes(name)) ? true : undefined
      }, 100)
    }
    session.close()
    session = undefined

    return {
      stateDir,
      env: fullEnv,
      apps,
      launch: (app, timeoutMs = 30_000) => startApp(app, Date.now() + timeoutMs),
      stop: async () => {
        a11y?.close()
        return stopDesktop(stateDir)
      }
    }
  } catch (error) {
    session?.close()
    a11y?.close()
    await stopDesktop(stateDir)
    throw error
  }
}

export const readSavedEnv = (stateDir: string): string | undefined => {
  const path = join(stateDir, "env")
  return existsSync(path) ? readFileSync(path, "utf8") : undefined
}
