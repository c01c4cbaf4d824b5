/**
 * The app zoo's real Debian apps (apps/cli/src/e2e/zoo): toolkits beyond the real-app suites, each started with what
 * it needs to talk AT-SPI under Xvfb — or, on purpose, without it, for the tests of apps that show windows and no
 * accessible tree. `registers: false` marks an app that never appears on the AT-SPI registry (Tk, Xaw, GTK 2 without
 * its bridge module): `spawnWindowed` starts those and waits for their X window instead.
 */
import { execFileSync, spawn } from "node:child_process"
import { closeSync, existsSync, openSync } from "node:fs"
import { join } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import type { AppSpec } from "./AppSpec.js"
import { liveArgv, recordPid } from "./PidLedger.js"

/**
 * GTK 2 loads its AT-SPI bridge only as a module named in GTK_MODULES (Debian's at-spi2-atk ships it for GTK 2);
 * without it a GTK 2 app shows windows and registers nothing.
 */
export const gtk2App = (name: string, argv: ReadonlyArray<string>, accessible = true): AppSpec =>
  ({ name, argv, env: accessible ? { GTK_MODULES: "gail:atk-bridge" } : {} })

/** A Qt 5 / KDE Frameworks app: Qt talks AT-SPI under Xvfb only when told to (no desktop session asks it). */
export const qt5App = (name: string, argv: ReadonlyArray<string>): AppSpec =>
  ({ name, argv, env: { QT_LINUX_ACCESSIBILITY_ALWAYS_ON: "1", QT_ACCESSIBILITY: "1" } })

export const javaHome = "/usr/lib/jvm/java-17-openjdk-amd64"
export const atkWrapperJar = "/usr/share/java/java-atk-wrapper.jar"

/**
 * JConsole (openjdk-17-jdk), a Swing app, through the Java ATK wrapper (libatk-wrapper-java-jni). Debian leaves the
 * wrapper off (accessibility.properties has the line commented out) and its jar is not on any class path: the JVM
 * needs both, or it stays invisible to AT-SPI. It registers under its frame's title.
 */
export const jconsoleApp = (): AppSpec => ({
  name: "Java Monitoring & Management Console",
  argv: [
    join(javaHome, "bin", "java"), "-cp", atkWrapperJar,
    "-Djavax.accessibility.assistive_technologies=org.GNOME.Accessibility.AtkWrapper",
    "-m", "jdk.jconsole/sun.tools.jconsole.JConsole"
  ]
})

export interface WindowedApp {
  readonly pid: number
  /** The first X window (xdotool id, decimal) whose title matched. */
  readonly window: string
  readonly logPath: string
}

const xdotool = (env: NodeJS.ProcessEnv, args: ReadonlyArray<string>): string => {
  try {
    return execFileSync("xdotool", args, { env, encoding: "utf8", timeout: 5000, stdio: ["ignore", "pipe", "ignore"] }).trim()
  } catch {
    return ""
  }
}

/**
 * Starts an app that registers nothing on AT-SPI (a Tk or Xaw app, GTK 2 without its module) on a running desktop and
 * waits until a mapped X window with this title exists. Its PID goes to the desktop's ledger, so `stop` ends it.
 */
export const spawnWindowed = async (
  stateDir: string,
  env: NodeJS.ProcessEnv,
  label: string,
  argv: ReadonlyArray<string>,
  title: string,
  timeoutMs = 20_000,
  extraEnv: Readonly<Record<string, string>> = {}
): Promise<WindowedApp> => {
  const logPath = join(stateDir, "logs", `app-${label}.log`)
  const log = openSync(logPath, "a", 0o600)
  const [command, ...args] = argv
  const child = spawn(command!, args, { detached: true, stdio: ["ignore", log, log], env: { ...env, ...extraEnv } })
  closeSync(log)
  child.on("error", () => {})
  child.unref()
  if (child.pid === undefined) throw new Error(`${label}: could not start ${command}`)
  recordPid(stateDir, { pid: child.pid, label: `app-${label}`, argv })
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const window = xdotool(env, ["search", "--onlyvisible", "--name", `^${title}$`]).split("\n")[0]
    if (window) return { pid: child.pid, window, logPath }
    if (child.exitCode !== null) throw new Error(`${label} exited (${child.exitCode}); see ${logPath}`)
    await sleep(100)
  }
  throw new Error(`${label}: no window titled "${title}" within ${timeoutMs} ms; see ${logPath}`)
}

/** Records a process someone else started on this desktop (the CLI's `launch`), so the desktop's stop ends it too. */
export const adoptPid = (stateDir: string, label: string, pid: number): void => {
  const argv = liveArgv(pid)
  if (argv && existsSync(`/proc/${pid}`)) recordPid(stateDir, { pid, label, argv })
}
