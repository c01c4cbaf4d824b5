/**
 * A private session bus and the AT-SPI bus (linux-atspi.md §3 steps 3-5) for the compositor sessions: the session bus
 * on a socket in the clients' runtime directory, `at-spi-bus-launcher --launch-immediately`, `org.a11y.Bus` waited
 * for without activating a second launcher, `IsEnabled`, and the daemons the buses start (a11y bus, registryd,
 * dconf-service) adopted into the ledger. Apps are then started and waited for on the registry.
 */
import { join } from "node:path"
import { resolveApp, type AppSpec } from "./AppSpec.js"
import { DbusClient, type CallSpec } from "./DbusClient.js"
import { readLedger } from "./PidLedger.js"
import { connectionPid, nameHasOwner, registeredAppNames } from "./RegistryProbe.js"
import { childrenOf, pollUntil, readFd3Line, StartError, type Launcher } from "./SessionProcesses.js"
import type { RunningApp } from "./startDesktop.js"

export const atspiLauncherPath = "/usr/libexec/at-spi-bus-launcher"

export interface SessionBuses {
  readonly sessionAddress: string
  readonly a11yAddress: string
  /** Open until `close`: the registry probe for apps started later. */
  readonly a11y: DbusClient
  /**
   * Record the processes that own a well-known name on the session bus and are not in the ledger yet: services the
   * bus or the compositor activated (gvfsd, portals, ...), which would otherwise outlive the session.
   */
  readonly adoptServices: () => Promise<void>
  /** One call on the session bus (the compositors that are driven over D-Bus during start-up). */
  readonly call: (spec: CallSpec, timeoutMs?: number) => Promise<ReadonlyArray<unknown>>
  /** Whether a name is owned on the session bus (asked without activating it). */
  readonly hasOwner: (name: string) => Promise<boolean>
  /** Tell the session bus what services it activates later must see (WAYLAND_DISPLAY once the compositor is up). */
  readonly updateActivationEnvironment: (vars: Readonly<Record<string, string>>) => Promise<void>
  readonly close: () => void
}

export const startSessionBuses = async (
  stateDir: string,
  launcher: Launcher,
  runtimeDir: string,
  deadline: number,
  enable: boolean
): Promise<SessionBuses> => {
  const sessionBus = launcher.launch(
    "session-bus",
    ["dbus-daemon", "--session", "--nofork", `--address=unix:path=${join(runtimeDir, "bus")}`, "--print-address=3"],
    { fd3: true }
  )
  const sessionAddress = await readFd3Line(sessionBus, "session bus", deadline)
  const session = DbusClient.connect(sessionAddress)
  let a11y: DbusClient | undefined
  try {
    const atspi = launcher.launch("at-spi-bus-launcher", [atspiLauncherPath, "--launch-immediately"], {
      env: { DBUS_SESSION_BUS_ADDRESS: sessionAddress }
    })
    let launcherExited: string | undefined
    atspi.once("exit", (code, signal) => {
      launcherExited = `at-spi-bus-launcher exited (${signal ?? code}) during start-up; see ${join(launcher.logs, "at-spi-bus-launcher.log")}`
    })
    // Calling org.a11y.Bus before our launcher owns it would make the bus activate a second launcher.
    await pollUntil("org.a11y.Bus on the session bus", deadline, async () => {
      if (launcherExited) throw new StartError(launcherExited)
      return (await nameHasOwner(session, "org.a11y.Bus")) ? true : undefined
    }, 20)
    const a11yAddress = await pollUntil("AT-SPI bus", deadline, async () => {
      const [address] = await session.call(
        { destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.a11y.Bus", member: "GetAddress" },
        1000
      )
      return typeof address === "string" && address.length > 0 ? address : undefined
    })
    if (enable) {
      await session.call({
        destination: "org.a11y.Bus",
        path: "/org/a11y/bus",
        interface: "org.freedesktop.DBus.Properties",
        member: "Set",
        signature: "ssv",
        body: ["org.a11y.Status", "IsEnabled", ["b", true]]
      })
    }
    const a11yClient = DbusClient.connect(a11yAddress)
    a11y = a11yClient
    const a11yBusPid = await connectionPid(a11yClient, "org.freedesktop.DBus")
    if (a11yBusPid !== undefined) launcher.adopt("a11y-bus", a11yBusPid)
    else for (const pid of childrenOf(atspi.pid!)) launcher.adopt("a11y-bus", pid)
    await pollUntil("AT-SPI registry", deadline, async () => (await registeredAppNames(a11yClient), true))
    launcher.adopt("registryd", await connectionPid(a11yClient, "org.a11y.atspi.Registry"))
    launcher.adopt("dconf-service", await connectionPid(session, "ca.desrt.dconf"))
    return {
      sessionAddress,
      a11yAddress,
      a11y: a11yClient,
      hasOwner: (name) => nameHasOwner(session, name),
      call: (spec, timeoutMs) => session.call(spec, timeoutMs),
      adoptServices: async () => {
        const [names] = await session.call({
          destination: "org.freedesktop.DBus",
          path: "/org/freedesktop/DBus",
          interface: "org.freedesktop.DBus",
          member: "ListNames"
        })
        const recorded = new Set(readLedger(stateDir).map((entry) => entry.pid))
        for (const name of (names ?? []) as ReadonlyArray<string>) {
          if (name.startsWith(":") || name === "org.freedesktop.DBus") continue
          const pid = await connectionPid(session, name)
          if (pid === undefined || pid === process.pid || recorded.has(pid)) continue
          launcher.adopt(`service-${name}`, pid)
          recorded.add(pid)
        }
      },
      updateActivationEnvironment: async (vars) => {
        await session.call({
          destination: "org.freedesktop.DBus",
          path: "/org/freedesktop/DBus",
          interface: "org.freedesktop.DBus",
          member: "UpdateActivationEnvironment",
          signature: "a{ss}",
          body: [Object.entries(vars)]
        })
      },
      close: () => {
        session.close()
        a11yClient.close()
      }
    }
  } catch (error) {
    session.close()
    a11y?.close()
    throw error
  }
}

/** Starts one app and waits until its name is on the AT-SPI registry; an early exit fails with the app's log. */
export const startRegisteredApp = async (
  launcher: Launcher,
  a11y: DbusClient,
  app: string | AppSpec,
  stateDir: string,
  deadline: number
): Promise<RunningApp> => {
  const spec = resolveApp(app, stateDir)
  const label = `app-${spec.name}`
  const logPath = join(launcher.logs, `${label}.log`)
  const child = launcher.launch(label, spec.argv, spec.env ? { env: spec.env } : {})
  let exited: string | undefined
  child.once("exit", (code, signal) => {
    exited = `${spec.name} exited (${signal ?? code}) before registering`
  })
  await pollUntil(`${spec.name} on the registry`, deadline, async () => {
    if (exited) throw new StartError(exited)
    return (await registeredAppNames(a11y)).includes(spec.name) ? true : undefined
  }, 100).catch((error: unknown) => {
    throw new StartError(`${error instanceof Error ? error.message : String(error)}; see ${logPath}`)
  })
  return { name: spec.name, pid: child.pid!, logPath }
}
