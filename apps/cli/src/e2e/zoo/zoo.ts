/**
 * Shared by the app zoo's suites: one virtual desktop (Xvfb + openbox) per suite, the CLI run as an agent runs it
 * (one-shot, every envelope validated against the strict schema), and the channels outside the tool that every
 * effect is checked through: the X server (xdotool, xprop, xwininfo), libatspi (atspi_probe.py), files the apps
 * save, and what apps print. See README.md for the apps and what each needs.
 */
import { readLedger, startDesktop, type AppSpec, type RunningDesktop } from "@agent-desktop/desktop"
import { assert } from "@effect/vitest"
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll } from "vitest"
import { cleanEnv, tempHome } from "../../test/binary.js"
import { cliIn, nodes, type Node } from "../realapps/realApp.js"

export interface Zoo {
  readonly desktop: () => RunningDesktop
  readonly env: () => NodeJS.ProcessEnv
  readonly home: string
  /** One CLI call; returns its (schema-valid) envelope. */
  readonly cli: (...argv: Array<string>) => Record<string, any>
}

/**
 * A desktop for one suite, started before its tests with `apps` (each waited for on the AT-SPI registry) and stopped
 * after them (every PID it recorded, including what the suite spawned through `spawnWindowed` or adopted).
 */
export const useZoo = (label: string, apps: ReadonlyArray<AppSpec>, timeoutMs = 90_000): Zoo => {
  let desktop: RunningDesktop | undefined
  let env: NodeJS.ProcessEnv = {}
  const home = tempHome(`zoo-${label}`)
  beforeAll(async () => {
    desktop = await startDesktop({ apps: apps.map((app) => ({ ...app, env: { ...privateState(home), ...app.env } })), windowManager: "openbox", timeoutMs })
    env = { ...cleanEnv(home), ...desktop.env }
    // An app registers on AT-SPI before its first window maps (LibreOffice under load: "soffice has no windows");
    // wait, bounded, until the X server shows a window of each app's process.
    const end = Date.now() + 30_000
    for (const app of desktop.apps) {
      while (xWindowsOfPid(env, app.pid).length === 0 && Date.now() < end) pause(200)
      if (xWindowsOfPid(env, app.pid).length === 0) process.stderr.write(`zoo ${label}: no X window of ${app.name} (pid ${app.pid}) yet\n`)
    }
  }, timeoutMs + 60_000)
  afterAll(async () => {
    if (!desktop) return
    const apps = readLedger(desktop.stateDir).filter((entry) => entry.label.startsWith("app-"))
    await desktop.stop()
    // Each app was started in its own session, so its PID is its process group's id, which the kernel keeps from reuse
    // while any member lives: a helper the app forked (meld's multiprocessing worker) outlives the app's TERM and is
    // ended through its group.
    for (const app of apps) {
      try {
        process.kill(-app.pid, "SIGKILL")
      } catch {
        // the group is gone
      }
    }
  })
  return {
    desktop: () => {
      if (!desktop) throw new Error(`the ${label} zoo desktop did not start`)
      return desktop
    },
    env: () => env,
    home,
    cli: cliIn(() => env)
  }
}

/**
 * Apps keep their sessions under XDG_STATE_HOME (the desktop sets only XDG_CONFIG_HOME): each suite gets its own, so
 * no app reopens what an earlier run left. (Apps that keep it in XDG_DATA_HOME, such as gnome-text-editor, get a
 * private one in their own spec: a private XDG_DATA_HOME or XDG_CACHE_HOME for every app left nautilus 43
 * "Loading…" an empty folder for good.)
 */
export const privateState = (home: string): Record<string, string> => {
  const dir = join(home, "xdg-state")
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  return { XDG_STATE_HOME: dir }
}

/** Every binary exists (CI installs tools/scripts/debian-packages.txt); otherwise the suite skips, saying why. */
export const haveAll = (suite: string, ...binaries: Array<string>): boolean => {
  const missing = binaries.filter((binary) => !existsSync(binary))
  if (missing.length > 0) process.stderr.write(`zoo ${suite}: skipped, not installed: ${missing.join(", ")} (tools/scripts/debian-packages.txt)\n`)
  return missing.length === 0
}

/** The data of an ok envelope; anything else fails the test showing the envelope. */
export const ok = (envelope: Record<string, any>): Record<string, any> => {
  assert.isTrue(envelope["ok"], JSON.stringify(envelope).slice(0, 1500))
  return envelope["data"]
}

/** The error of a failed envelope with this code; anything else fails the test showing the envelope. */
export const failed = (envelope: Record<string, any>, code: string): Record<string, any> => {
  assert.isFalse(envelope["ok"], JSON.stringify(envelope).slice(0, 1500))
  assert.strictEqual(envelope["error"]["code"], code, JSON.stringify(envelope).slice(0, 1500))
  return envelope["error"]
}

/** The one match of a find (role, exact name), as its ref. */
export const findRef = (cli: Zoo["cli"], app: string, role: string, name?: string, ...extra: Array<string>): string => {
  const data = ok(cli("find", "--app", app, "--role", role, ...(name === undefined ? [] : ["--name", name, "--exact"]), "--first", ...extra))
  const ref = data["match"]?.["ref_id"]
  if (typeof ref !== "string") throw new Error(`find --app ${app} --role ${role} ${name ?? ""}: no ref in ${JSON.stringify(data).slice(0, 500)}`)
  return ref
}

/** As findRef, read again until the element appears (an app that fills a view after its window shows). */
export const waitRef = (cli: Zoo["cli"], app: string, role: string, name?: string, ms = 10_000): string =>
  until(() => findRef(cli, app, role, name), () => true, ms)

/** Every node of an `snapshot` envelope's tree. */
export const treeOf = (data: Record<string, any>): Array<Node> => nodes(data["tree"] as Node)

export const pause = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/**
 * Reads until `read()` satisfies `done`, every 200 ms for at most `ms`; returns the last value read. A read that
 * throws (libatspi does not see the element yet) counts as not done, and the last one's error is thrown at the end.
 */
export const until = <A>(read: () => A, done: (value: A) => boolean, ms = 8000): A => {
  const end = Date.now() + ms
  for (;;) {
    let value: { ok: true; value: A } | { ok: false; error: unknown }
    try {
      value = { ok: true, value: read() }
    } catch (error) {
      value = { ok: false, error }
    }
    if ((value.ok && done(value.value)) || Date.now() >= end) {
      if (!value.ok) throw value.error
      return value.value
    }
    pause(200)
  }
}

/** A file's text once it satisfies `done` (apps save asynchronously), or what it holds at the deadline. */
export const fileUntil = (path: string, done: (text: string) => boolean, ms = 8000): string =>
  until(() => (existsSync(path) ? readFileSync(path, "utf8") : ""), done, ms)

// ---- the X server, the channel outside AT-SPI ----

const x = (env: NodeJS.ProcessEnv, program: string, args: ReadonlyArray<string>): string => {
  try {
    return execFileSync(program, args, { env, encoding: "utf8", timeout: 5000, stdio: ["ignore", "pipe", "ignore"] }).trim()
  } catch {
    return ""
  }
}

/** The title of the window the X server's window manager calls active (_NET_ACTIVE_WINDOW). */
export const xActiveTitle = (env: NodeJS.ProcessEnv): string => x(env, "xdotool", ["getactivewindow", "getwindowname"])

/** The active window's id (decimal, as xdotool prints it). */
export const xActiveWindow = (env: NodeJS.ProcessEnv): string => x(env, "xdotool", ["getactivewindow"])

/** Mapped windows whose title matches the regular expression, as xdotool ids. */
export const xWindowsNamed = (env: NodeJS.ProcessEnv, pattern: string): Array<string> =>
  x(env, "xdotool", ["search", "--onlyvisible", "--name", pattern]).split("\n").filter(Boolean)

/** Mapped windows of a process (by _NET_WM_PID). */
export const xWindowsOfPid = (env: NodeJS.ProcessEnv, pid: number): Array<string> =>
  x(env, "xdotool", ["search", "--onlyvisible", "--pid", String(pid)]).split("\n").filter(Boolean)

/** The window's position and size on the screen, from xwininfo. */
export const xGeometry = (env: NodeJS.ProcessEnv, window: string): { x: number; y: number; width: number; height: number } => {
  const info = x(env, "xwininfo", ["-id", window])
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(-?\\d+)`).exec(info)?.[1] ?? NaN)
  return { x: field("Absolute upper-left X"), y: field("Absolute upper-left Y"), width: field("Width"), height: field("Height") }
}

/** Override-redirect windows now mapped on the screen (menus, popovers, tooltips: what no window manager frames). */
export const xMappedOverrideRedirect = (env: NodeJS.ProcessEnv): Array<string> => {
  const tree = x(env, "xwininfo", ["-root", "-children"])
  const ids = [...tree.matchAll(/^\s+(0x[0-9a-f]+) /gim)].map((match) => match[1]!)
  return ids.filter((id) => {
    const attributes = x(env, "xwininfo", ["-id", id])
    return /Map State: IsViewable/.test(attributes) && /Override Redirect State: yes/.test(attributes)
  })
}

/** Keys typed by the X server's own test extension (xdotool), never through the tool. */
export const xKey = (env: NodeJS.ProcessEnv, ...keys: Array<string>): void => {
  x(env, "xdotool", ["key", ...keys])
}

/**
 * Loads `url` in the browser window whose title matches `window`, through the X server alone (the window activated,
 * ctrl+l, the address typed, Return), as a test's set-up that must not depend on the tool under test.
 */
export const xVisit = (env: NodeJS.ProcessEnv, window: string, url: string): void => {
  const id = xWindowsNamed(env, window)[0]
  if (!id) throw new Error(`no window titled ${window}`)
  x(env, "xdotool", ["windowactivate", "--sync", id])
  x(env, "xdotool", ["key", "--clearmodifiers", "ctrl+l"])
  pause(300)
  x(env, "xdotool", ["type", "--delay", "25", url])
  x(env, "xdotool", ["key", "Return"])
}

/** A process is gone or a zombie (its own channel: /proc). */
export const processGone = (pid: number): boolean => {
  try {
    return /\) Z /.test(readFileSync(`/proc/${pid}/stat`, "utf8"))
  } catch {
    return true
  }
}
