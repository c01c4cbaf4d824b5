import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"

export const CHROMIUM = "/usr/bin/chromium"
export const haveChromium = fs.existsSync(CHROMIUM)

export interface RunningChromium {
  readonly pid: number
  readonly profile: string
  /** Ends the browser's process group (it was started in a session of its own, so only its processes). */
  readonly kill: () => void
}

/**
 * Debian's Chromium on the test desktop, as root without network: its own profile, a DevTools endpoint on a port it
 * picks (`--remote-debugging-port=0`: the port is in the profile's DevToolsActivePort) and no
 * `--force-renderer-accessibility`, so AT-SPI sees no page: only the DevTools protocol can.
 */
export const startChromium = (url: string, env: NodeJS.ProcessEnv, extraArgs: ReadonlyArray<string> = []): RunningChromium => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "ad-cdp-chromium-"))
  const child = spawn(CHROMIUM, [
    "--no-sandbox", `--user-data-dir=${profile}`, "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-gpu", "--remote-debugging-port=0",
    "--window-size=900,900", ...extraArgs, url
  ], { env, detached: true, stdio: "ignore" })
  child.unref()
  const pid = child.pid!
  return {
    pid,
    profile,
    kill: () => {
      try {
        process.kill(-pid, "SIGKILL")
      } catch {
        // already gone
      }
    }
  }
}

/**
 * Waits for Chromium to write its DevTools port (`DevToolsActivePort`), about 30 s at most: until the file's first
 * line is a port, since the file appears before that line is written.
 */
export const waitForActivePort = async (profile: string): Promise<void> => {
  const file = path.join(profile, "DevToolsActivePort")
  const port = () => {
    try {
      return /^\d+$/.test(fs.readFileSync(file, "utf8").split("\n")[0] ?? "")
    } catch {
      return false
    }
  }
  for (let i = 0; i < 300 && !port(); i++) await new Promise((wake) => setTimeout(wake, 100))
  if (!port()) throw new Error("Chromium wrote no port in DevToolsActivePort within 30 s")
}
