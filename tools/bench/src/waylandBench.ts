/**
 * The Wayland addon (wlroots protocols) against the compositor's own tools on a headless sway session (1280x1024, the
 * GTK 3 geometry fixture with its entry focused), all cases interleaved run by run:
 *
 * - screenshot: `grim FILE` vs a one-shot Node process (connect, capture, PNG, write) vs a warm connection in
 *   process (capture + PNG);
 * - key: `wtype a` (a new virtual keyboard and keymap per run) vs a one-shot Node process (connect, keymap, key) vs
 *   the warm keyboard in process (key press and release, then a round trip);
 * - click: the warm pointer in process (Debian has no wlroots pointer tool to compare with; wlrctl is not packaged).
 *
 *   node tools/bench/dist/waylandBench.js [--runs N]
 */
import { geometryFixture, startSway, systemPython } from "@agent-desktop/desktop"
import { loadAddon, WaylandSession } from "@agent-desktop/platform-linux-wayland"
import { execFileSync, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { argValue } from "./argValue.js"
import { median, ratioTable } from "./stats.js"

const here = path.dirname(fileURLToPath(import.meta.url))
const repo = path.resolve(here, "../../..")
const runs = Number(argValue("--runs") ?? 15)
const work = fs.mkdtempSync(path.join(os.tmpdir(), "ad-wayland-bench-"))

const loaded = loadAddon()
if (loaded._tag === "Unavailable") throw new Error(loaded.reason)
const desktop = await startSway({ apps: [geometryFixture(3)], timeoutMs: 60_000 })
try {
  const env = { ...process.env, ...desktop.env }
  execFileSync(systemPython, [path.join(repo, "libs/platform-linux-wayland/test/atspi_geometry.py"), "focus", "geometry3", "text", "Typing"], { env })
  const session = new WaylandSession(loaded.addon, desktop.env.WAYLAND_DISPLAY)
  session.pressKey("a") // the keyboard exists and clients bound it before anything is timed

  const oneShot = (body: string) => [
    process.execPath,
    "--input-type=module",
    "-e",
    `import { loadAddon, WaylandSession } from "@agent-desktop/platform-linux-wayland"
const l = loadAddon(); if (l._tag !== "Loaded") process.exit(3)
const s = new WaylandSession(l.addon); ${body}; s.close()`
  ]
  const processes: ReadonlyArray<{ name: string; argv: ReadonlyArray<string> }> = [
    { name: "node -e 0", argv: [process.execPath, "-e", "0"] },
    { name: "grim FILE", argv: ["grim", path.join(work, "grim.png")] },
    {
      name: "one-shot node: connect + capture + PNG + write",
      argv: oneShot(`(await import("node:fs")).writeFileSync(${JSON.stringify(path.join(work, "ours.png"))}, s.capture().png)`)
    },
    { name: "wtype a", argv: ["wtype", "a"] },
    { name: "one-shot node: connect + keymap + key a", argv: oneShot(`s.pressKey("a")`) }
  ]
  const inProcess: ReadonlyArray<{ name: string; run: () => void }> = [
    { name: "warm: capture + PNG", run: () => void session.capture() },
    { name: "warm: key a + round trip", run: () => session.pressKey("a") },
    { name: "warm: click + round trip", run: () => session.click(600, 900, "left", 1) }
  ]
  const samples = new Map<string, Array<number>>()
  const record = (name: string, ms: number) => samples.set(name, [...(samples.get(name) ?? []), ms])
  for (let run = 0; run < runs; run++) {
    for (const c of processes) {
      const started = process.hrtime.bigint()
      const result = spawnSync(c.argv[0]!, c.argv.slice(1), { env, cwd: repo, stdio: ["ignore", "ignore", "pipe"] })
      if (result.status !== 0) throw new Error(`${c.name} exited ${result.status}: ${result.stderr}`)
      record(c.name, Number(process.hrtime.bigint() - started) / 1e6)
    }
    for (const c of inProcess) {
      const started = process.hrtime.bigint()
      c.run()
      record(c.name, Number(process.hrtime.bigint() - started) / 1e6)
    }
  }
  session.close()
  const rows = [...samples.entries()].map(([name, values]) => ({ name, ms: median(values) }))
  process.stdout.write(`runs ${runs}, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}\n`)
  process.stdout.write(`${ratioTable(rows, "grim FILE")}\n`)
} finally {
  await desktop.stop()
}
