/** Shared checks of the compositor session tests: every app a native Wayland client, and stop leaves nothing. */
import { assert } from "@effect/vitest"
import { readFileSync } from "node:fs"
import { readLedger, stillOurs } from "../src/PidLedger.js"
import type { RunningWaylandDesktop } from "../src/wayland/startWaylandSession.js"
import { socketClientPids } from "../src/wayland/SocketPeers.js"

export const GTK3_GTK4_QT5 = ["fixture", "gtk4-demo:listbox_controls", "qt:calculator"] as const

export const processEnv = (pid: number): Readonly<Record<string, string>> =>
  Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, "utf8")
      .split("\0")
      .filter((kv) => kv.includes("="))
      .map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)])
  )

export const uidOf = (pid: number): number => Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1])

export const waitFor = async <A>(probe: () => A | undefined, timeoutMs = 10_000): Promise<A | undefined> => {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = probe()
    if (value !== undefined || Date.now() > until) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * Each app holds a connection to the compositor's socket (the kernel's socket table says so) and has no X display
 * to fall back to; with GDK_BACKEND / QT_QPA_PLATFORM forced to wayland a toolkit that could not connect would exit.
 */
export const assertNativeWaylandApps = (desktop: RunningWaylandDesktop): void => {
  const clients = socketClientPids(desktop.env.WAYLAND_DISPLAY)
  for (const app of desktop.apps) {
    assert.isTrue(clients.has(app.pid), `${app.name} (pid ${app.pid}) is a client of ${desktop.env.WAYLAND_DISPLAY}`)
    const env = processEnv(app.pid)
    assert.isUndefined(env.DISPLAY, `${app.name} has no X display`)
    assert.strictEqual(env.WAYLAND_DISPLAY, desktop.env.WAYLAND_DISPLAY)
  }
}

/** Stops the session and checks that every recorded process is gone and the ledger is empty. */
export const assertStopsClean = async (desktop: RunningWaylandDesktop): Promise<void> => {
  const ledger = readLedger(desktop.stateDir)
  const report = await desktop.stop()
  assert.strictEqual(report.stopped.length + report.alreadyGone.length, ledger.length)
  assert.deepStrictEqual(ledger.filter((entry) => stillOurs(entry)).map((entry) => entry.label), [], "stop leaves nothing running")
  assert.deepStrictEqual(readLedger(desktop.stateDir), [])
  assert.isFalse(socketClientPids(desktop.env.WAYLAND_DISPLAY).size > 0)
}
