/**
 * `find` of one row's button in a big web table (issue 19: no cliff at 2,000 children), against a pyatspi script
 * that walks the window to the same button (`atspi_peer.py find`), interleaved run by run in the same desktop:
 *
 *   node tools/bench/dist/bigTableBench.js [--rows 2000,10000] [--browsers Firefox,Chromium] [--runs N]
 *     [--bin path/to/agent-desktop.js] [--via-host] [--timeout-ms 120000] [--peer-timeout-ms 180000]
 *
 * The page: N rows of a text cell and a button ("open I"); the button looked for is row N-100's, past every page but
 * the last. `agent-desktop find --role button --name "open I" --exact` runs one-shot (AGENT_DESKTOP_HOST=off), and
 * with `--via-host` also through a warm host (`agent-desktop serve`, started for the desktop). Each browser and size
 * gets its own desktop. Reported: median ms of each, the ratio against the peer, and ms per 1,000 rows (cost growth
 * with N); a run that fails (TIMEOUT) is reported with its error code instead of a time. After the finds, one-shot
 * `click` of the found ref is timed and checked on the X server (the page's title becomes "clicked I").
 *
 * The page counts as loaded once the peer finds the button; past 10,000 rows the peer's walk takes longer than any
 * budget (libatspi walks a 50,000-row page for many minutes), so there our own `find` answering is the sign (that
 * first call is not timed), and the peer gets `--peer-timeout-ms` per run.
 */
import { peerPath, startDesktop, systemPython } from "@agent-desktop/desktop"
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { argValue } from "./argValue.js"
import { median } from "./stats.js"
import { startWarmHost, stopWarmHost } from "./warmHost.js"

const here = path.dirname(fileURLToPath(import.meta.url))
const runs = Number(argValue("--runs") ?? 3)
const sizes = (argValue("--rows") ?? "2000,10000").split(",").map(Number)
const chosen = (argValue("--browsers") ?? "Firefox,Chromium").split(",")
const timeoutMs = argValue("--timeout-ms") ?? "120000"
const peerTimeoutMs = Number(argValue("--peer-timeout-ms") ?? 180_000)
/** Past this many rows the page's load is told by our own find (the peer's walk would not end). */
const PEER_READY_ROWS = 10_000
const bin = path.resolve(argValue("--bin") ?? path.resolve(here, "../../../apps/cli/bin/agent-desktop.js"))
const viaHost = process.argv.includes("--via-host")
const home = fs.mkdtempSync(path.join(os.tmpdir(), "ad-bigtable-"))

const browsers = [
  { name: "Firefox", spec: "firefox", binary: "/usr/lib/firefox-esr/firefox-esr" },
  { name: "Chromium", spec: "chromium", binary: "/usr/lib/chromium/chromium" }
].filter((browser) => chosen.includes(browser.name))

const pageFor = (rows: number): string => {
  const file = path.join(home, `table-${rows}.html`)
  const body = Array.from({ length: rows }, (_, i) => `<tr><td>row ${i}</td><td><button onclick="document.title='clicked ${i}'">open ${i}</button></td></tr>`).join("")
  fs.writeFileSync(file, `<!doctype html><html><head><title>Table ${rows}</title></head><body><table><tbody>${body}</tbody></table></body></html>`)
  return `file://${file}`
}

interface Timed {
  readonly ms: number
  readonly ok: boolean
  readonly note?: string
  /** Our find's match (its ref, for the click after). */
  readonly ref?: string
}

const run = (argv: ReadonlyArray<string>, env: NodeJS.ProcessEnv, limitMs = Number(timeoutMs) + 60_000): { ms: number; stdout: string; status: number | null } => {
  const start = process.hrtime.bigint()
  const result = spawnSync(argv[0]!, argv.slice(1), { env, encoding: "utf8", maxBuffer: 256 * 1024 * 1024, timeout: limitMs })
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, stdout: result.stdout ?? "", status: result.status }
}

const ours = (browser: string, button: string, env: NodeJS.ProcessEnv): Timed => {
  const result = run([process.execPath, bin, "find", "--app", browser, "--role", "button", "--name", button, "--exact", "--timeout-ms", timeoutMs], env)
  try {
    const envelope = JSON.parse(result.stdout) as Record<string, any>
    if (envelope["ok"] === true && envelope["data"]["total_matches"] === 1) return { ms: result.ms, ok: true, ref: String(envelope["data"]["matches"][0]["ref_id"]) }
    return { ms: result.ms, ok: false, note: envelope["ok"] === true ? `${String(envelope["data"]["total_matches"])} matches` : String(envelope["error"]["code"]) }
  } catch {
    return { ms: result.ms, ok: false, note: `exit ${String(result.status)}` }
  }
}

const peer = (browser: string, button: string, env: NodeJS.ProcessEnv): Timed => {
  const result = run([systemPython, peerPath(), "find", browser, "push button", button], env, peerTimeoutMs)
  try {
    const out = JSON.parse(result.stdout) as { found: boolean; ms: number }
    return { ms: result.ms, ok: out.found, ...(out.found ? {} : { note: "not found" }) }
  } catch {
    return { ms: result.ms, ok: false, note: `exit ${String(result.status)}` }
  }
}

const summary = (times: ReadonlyArray<Timed>): { ms: number | null; failed: Array<string> } => {
  const good = times.filter((time) => time.ok).map((time) => time.ms)
  return { ms: good.length === 0 ? null : Math.round(median(good)), failed: times.filter((time) => !time.ok).map((time) => `${time.note} after ${Math.round(time.ms)} ms`) }
}

/** The browser windows' titles on the X server. */
const titles = (env: NodeJS.ProcessEnv): string => {
  const ids = spawnSync("xdotool", ["search", "--onlyvisible", "--name", "."], { env, encoding: "utf8" }).stdout.split("\n").filter(Boolean)
  return ids.map((id) => spawnSync("xprop", ["-id", id, "_NET_WM_NAME"], { env, encoding: "utf8" }).stdout).join("\n")
}

/** One-shot `click` of `ref`, timed, and whether the page's title then says the row was clicked (within 20 s). */
const clickChecked = async (ref: string, rowName: string, env: NodeJS.ProcessEnv): Promise<Timed> => {
  const result = run([process.execPath, bin, "click", ref, "--timeout-ms", timeoutMs], env)
  const clicked = `clicked ${rowName.replace(/^open /, "")}`
  for (let waited = 0; waited < 20_000 && !titles(env).includes(clicked); waited += 500) await new Promise((resolve) => setTimeout(resolve, 500))
  const seen = titles(env).includes(clicked)
  let ok = false
  try { ok = (JSON.parse(result.stdout) as Record<string, any>)["ok"] === true } catch { /* reported below */ }
  return { ms: result.ms, ok: ok && seen, ...(ok && seen ? {} : { note: ok ? "the title never said it" : `exit ${String(result.status)}` }) }
}

const rowsOut: Array<Record<string, unknown>> = []
for (const browser of browsers) {
  if (!fs.existsSync(browser.binary)) {
    process.stderr.write(`${browser.name}: skipped, ${browser.binary} is not installed\n`)
    continue
  }
  for (const rows of sizes) {
    const button = `open ${rows - 100}`
    const desktop = await startDesktop({ apps: [`${browser.spec}:${pageFor(rows)}`], timeoutMs: 180_000, stateDir: path.join(home, `desktop-${browser.spec}-${rows}`) })
    try {
      const oneShot = { ...process.env, ...desktop.env, AGENT_DESKTOP_HOME: path.join(home, `state-${browser.spec}-${rows}`), AGENT_DESKTOP_HOST: "off" }
      // Loaded once the peer sees the last rows' button (past PEER_READY_ROWS: once our find does).
      const ready = rows > PEER_READY_ROWS ? () => ours(browser.name, button, oneShot).ok : () => peer(browser.name, button, oneShot).ok
      for (let attempt = 0; attempt < 60 && !ready(); attempt++) await new Promise((resolve) => setTimeout(resolve, 2000))
      const mine: Array<Timed> = []
      const theirs: Array<Timed> = []
      for (let i = 0; i < runs; i++) {
        mine.push(ours(browser.name, button, oneShot))
        theirs.push(peer(browser.name, button, oneShot))
      }
      let warm: ReturnType<typeof summary> | undefined
      let warmPeer: ReturnType<typeof summary> | undefined
      if (viaHost) {
        const { AGENT_DESKTOP_HOST: _off, ...hostEnv } = oneShot
        const host = await startWarmHost(bin, hostEnv, home)
        try {
          const viaHostTimes: Array<Timed> = []
          const peerTimes: Array<Timed> = []
          for (let i = 0; i < runs; i++) {
            viaHostTimes.push(ours(browser.name, button, hostEnv))
            peerTimes.push(peer(browser.name, button, hostEnv))
          }
          warm = summary(viaHostTimes)
          warmPeer = summary(peerTimes)
        } finally {
          await stopWarmHost(host)
        }
      }
      const one = summary(mine)
      const p = summary(theirs)
      const ref = mine.find((time) => time.ref !== undefined)?.ref
      const click = ref === undefined ? undefined : await clickChecked(ref, button, oneShot)
      const row = {
        browser: browser.name, rows, button,
        one_shot_ms: one.ms, peer_ms: p.ms,
        ratio: one.ms !== null && p.ms !== null ? Number((one.ms / p.ms).toFixed(2)) : null,
        one_shot_ms_per_1000_rows: one.ms === null ? null : Number((one.ms / (rows / 1000)).toFixed(0)),
        click_ms: click?.ok === true ? Math.round(click.ms) : null,
        ...(warm === undefined ? {} : {
          host_ms: warm.ms, host_peer_ms: warmPeer!.ms,
          host_ratio: warm.ms !== null && warmPeer!.ms !== null ? Number((warm.ms / warmPeer!.ms).toFixed(2)) : null
        }),
        failures: [...one.failed, ...(warm?.failed ?? []), ...(click === undefined || click.ok ? [] : [`click: ${click.note} after ${Math.round(click.ms)} ms`])],
        peer_failures: p.failed
      }
      rowsOut.push(row)
      process.stderr.write(`${JSON.stringify(row)}\n`)
    } finally {
      await desktop.stop()
    }
  }
}
console.log(JSON.stringify({ runs, results: rowsOut }, null, 2))
