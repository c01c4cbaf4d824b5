/**
 * What asking the X server costs the app-level commands (issue 19 item 6): `list-windows` (focus from
 * `_NET_ACTIVE_WINDOW`), `list-surfaces` (the app's popup windows) and `snapshot --app` with one window, one-shot
 * through the CLI, this build (`--bin`, default this tree's) against another (`--compare-bin`, e.g. main's), the two
 * interleaved on one desktop (openbox + gnome-text-editor) so they share the machine's load. Then `snapshot --app`
 * with the editor's Save As dialog open (this build only: a build without the active-window rule refuses it), and the
 * X utilities' own cost.
 *
 *   node dist/windowChoiceBench.js [--runs 9] [--bin PATH] [--compare-bin PATH]
 */
import { startDesktop } from "@agent-desktop/desktop"
import { execFileSync } from "node:child_process"
import { existsSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { argValue } from "./argValue.js"
import { median } from "./stats.js"

const editor = "/usr/bin/gnome-text-editor"
const runs = Number(argValue("--runs") ?? "9")
const bin = resolve(argValue("--bin") ?? join(dirname(fileURLToPath(import.meta.url)), "../../../apps/cli/bin/agent-desktop.js"))
const compareBin = argValue("--compare-bin")

if (!existsSync(editor)) {
  process.stderr.write(`windowChoiceBench: ${editor} is not installed (Debian: gnome-text-editor)\n`)
  process.exit(0)
}

const home = mkdtempSync(join(tmpdir(), "ad-window-choice-"))
const text = join(home, "draft.txt")
writeFileSync(text, "hello\n")
const desktop = await startDesktop({
  apps: [{ name: "gnome-text-editor", argv: [editor, "--standalone", text], env: { XDG_DATA_HOME: join(home, "data"), XDG_STATE_HOME: join(home, "state") } }],
  windowManager: "openbox",
  timeoutMs: 90_000
})
const env = { ...process.env, ...desktop.env, HOME: home, AGENT_DESKTOP_HOME: join(home, "agent-desktop") }

/** One CLI call's wall time; its exit code must be 0 (a refusal is no measurement). */
const timed = (binary: string, argv: ReadonlyArray<string>): number => {
  const start = performance.now()
  execFileSync(process.execPath, [binary, ...argv], { env, stdio: ["ignore", "ignore", "ignore"] })
  return performance.now() - start
}
const timedTool = (argv: ReadonlyArray<string>): number => {
  const start = performance.now()
  execFileSync(argv[0]!, argv.slice(1), { env, stdio: ["ignore", "ignore", "ignore"] })
  return performance.now() - start
}

try {
  const app = "gnome-text-editor"
  const cases: ReadonlyArray<[string, ReadonlyArray<string>]> = [
    ["list-windows --app", ["list-windows", "--app", app]],
    ["list-surfaces --app", ["list-surfaces", "--app", app]],
    ["snapshot --app -i (one window)", ["snapshot", "--app", app, "-i"]]
  ]
  timed(bin, cases[2]![1]) // the editor's first read
  const lines = [`runs: ${runs} each, interleaved; medians in ms`, "", "| case | this build | other build | this/other |", "|---|---:|---:|---:|"]
  for (const [name, argv] of cases) {
    const mine: Array<number> = []
    const other: Array<number> = []
    for (let i = 0; i < runs; i++) {
      mine.push(timed(bin, argv))
      if (compareBin !== undefined) other.push(timed(compareBin, argv))
    }
    const ratio = compareBin === undefined ? "" : (median(mine) / median(other)).toFixed(2)
    lines.push(`| ${name} | ${median(mine).toFixed(0)} | ${compareBin === undefined ? "" : median(other).toFixed(0)} | ${ratio} |`)
  }
  const pid = String(desktop.apps[0]!.pid)
  const active = Array.from({ length: runs }, () => timedTool(["xdotool", "getactivewindow", "getwindowpid", "getwindowname"]))
  const popups = Array.from({ length: runs }, () =>
    timedTool(["sh", "-c", `for w in $(xdotool search --onlyvisible --pid ${pid}); do xwininfo -id $w; xprop -id $w _NET_WM_WINDOW_TYPE; done`]))
  lines.push(`| xdotool active window (once per list-windows; per --app lookup among several windows) | ${median(active).toFixed(0)} | | |`)
  lines.push(`| popup scan: xdotool + xwininfo/xprop per window (once per list-surfaces) | ${median(popups).toFixed(0)} | | |`)
  // The Save As dialog open: --app takes it (the X server's active window).
  execFileSync(process.execPath, [bin, "--headed", "press", "ctrl+shift+s", "--app", app], { env, stdio: "ignore" })
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline && execFileSync("xdotool", ["getactivewindow", "getwindowname"], { env, encoding: "utf8" }).trim() !== "Save As") {
    await new Promise((done) => setTimeout(done, 200))
  }
  const dialog = Array.from({ length: runs }, () => timed(bin, ["snapshot", "--app", app, "-i"]))
  lines.push(`| snapshot --app -i (Save As dialog open: the dialog) | ${median(dialog).toFixed(0)} | refused | |`)
  process.stdout.write(lines.join("\n") + "\n")
} finally {
  await desktop.stop()
}
