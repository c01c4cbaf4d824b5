/**
 * What the Wayland command-surface suites (sway, GNOME, KDE) share: the CLI through one warm host, libatspi as the
 * independent reader, tree and geometry helpers, and the clean-up of the host and the desktop. Each suite keeps its
 * own session set-up and read-back channels (swaymsg, the Shell's screenshot, KWin's scripts).
 */
import { probePath, systemPython, type RunningWaylandDesktop } from "@agent-desktop/desktop"
import { assert } from "@effect/vitest"
import { type ChildProcess, spawnSync } from "node:child_process"
import { envelopeOf, NATIVE, runBinary } from "../../test/binary.js"

export interface Bounds { x: number; y: number; width: number; height: number }
export interface Node { ref_id?: string; role: string; name?: string; value?: string; bounds?: Bounds; children?: Array<Node> }

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
export const nodes = (tree: Node): Array<Node> => [tree, ...(tree.children ?? []).flatMap(nodes)]
export const centre = (b: Bounds) => ({ x: Math.round(b.x + b.width / 2), y: Math.round(b.y + b.height / 2) })

/** Polls `probe` every 50 ms for at most `ms`, then asks once more. */
export const waitFor = async (probe: () => boolean | Promise<boolean>, ms = 5000): Promise<boolean> => {
  for (const until = Date.now() + ms; Date.now() < until; await sleep(50)) if (await probe()) return true
  return probe()
}

/** The installed command (native client) with the suite's environment, read when called. */
export const cliWith = (env: () => NodeJS.ProcessEnv) => {
  const cli = (...argv: Array<string>) => envelopeOf(runBinary(argv, env(), NATIVE))
  const ok = (...argv: Array<string>): Record<string, any> => {
    const envelope = cli(...argv)
    assert.isTrue(envelope["ok"], `${argv.join(" ")}: ${JSON.stringify(envelope).slice(0, 1500)}`)
    return envelope["data"]
  }
  return { cli, ok }
}

/** libatspi's view (tools/desktop's probe on the system Python), never our client. */
export const atspiWith = (env: () => NodeJS.ProcessEnv) => (...args: Array<string>): Record<string, any> => {
  const result = spawnSync(systemPython, [probePath(), ...args], { env: env(), encoding: "utf8", timeout: 15_000 })
  return result.stdout ? JSON.parse(result.stdout) as Record<string, any> : { error: result.stderr }
}

/** Stops the warm host (waiting for its exit) and then the desktop. */
export const stopHostAndDesktop = async (host: ChildProcess | undefined, desktop: RunningWaylandDesktop | undefined) => {
  if (host && host.exitCode === null) {
    host.kill("SIGTERM")
    await new Promise((resolve) => host.once("exit", resolve))
  }
  await desktop?.stop()
}
