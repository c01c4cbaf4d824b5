/**
 * An EWMH window manager for the virtual desktop (openbox from Debian), so window operations (focus, move,
 * resize, minimize, maximize, restore) are tested against a real one. Started after the session bus, before the
 * apps, so every app window is managed from its first map; ready once the root window names it through
 * `_NET_SUPPORTING_WM_CHECK` (read with xprop).
 */
import { execFileSync, type ChildProcess } from "node:child_process"
import { setTimeout as sleep } from "node:timers/promises"

export type WindowManagerName = "openbox"

const ARGV: Readonly<Record<WindowManagerName, ReadonlyArray<string>>> = {
  openbox: ["openbox", "--sm-disable"]
}

const supportingWmCheck = (env: NodeJS.ProcessEnv): boolean => {
  try {
    const out = execFileSync("xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"], { env, encoding: "utf8", timeout: 2000 })
    return /window id # 0x[0-9a-f]+/i.test(out)
  } catch {
    return false
  }
}

export const startWindowManager = async (
  name: WindowManagerName,
  launch: (label: string, argv: ReadonlyArray<string>) => ChildProcess,
  env: NodeJS.ProcessEnv,
  deadline: number
): Promise<void> => {
  const child = launch(`wm-${name}`, ARGV[name])
  let exited: string | undefined
  child.once("exit", (code, signal) => {
    exited = `${name} exited (${signal ?? code}) during start-up`
  })
  while (Date.now() < deadline) {
    if (exited) throw new Error(exited)
    if (supportingWmCheck(env)) return
    await sleep(50)
  }
  throw new Error(`${name} did not announce itself (_NET_SUPPORTING_WM_CHECK) before the deadline`)
}
