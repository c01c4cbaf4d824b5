/**
 * launch --cdp end to end on Xvfb + openbox with Debian's Chromium: the endpoint the command reports is read back
 * over HTTP (the page Chromium opened is listed by DevTools under its title) and in the process's command line;
 * a running browser, a taken port and conflicting switches are refused before anything starts; an app that is not
 * Chromium-based is reported started without an endpoint. Started without renderer accessibility, the browser's
 * windows expose nothing to AT-SPI: a snapshot reads the page through the endpoint instead, and says so.
 */
import { fixturePath, systemPython } from "@agent-desktop/desktop"
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs"
import * as http from "node:http"
import * as net from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { linuxEngine } from "../../test/linuxEngine.js"
import { eventually, useDesktop } from "../../test/useDesktop.js"
import { isAlive } from "./processes.js"

const CHROMIUM = "/usr/bin/chromium"
const haveChromium = existsSync(CHROMIUM)
if (!haveChromium) process.stderr.write("launch --cdp suite: skipped, /usr/bin/chromium is not installed\n")

const desktop = useDesktop({ apps: [], windowManager: "openbox" })
const home = mkdtempSync(join(tmpdir(), "ad-cdp-"))
const profile = mkdtempSync(join(tmpdir(), "ad-cdp-profile-"))
const page = join(home, "page.html")
const started: Array<number> = []
const { run, ok } = linuxEngine(home)

/** As root under Xvfb, on a machine with no network: the flags every Chromium test here needs. */
const chromiumArgs = [
  "--no-sandbox", `--user-data-dir=${profile}`, "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--disable-gpu"
]

const getJson = (url: string): Promise<unknown> =>
  new Promise((resolve, reject) => {
    http.get(url, (response) => {
      let body = ""
      response.setEncoding("utf8")
      response.on("data", (chunk: string) => (body += chunk))
      response.on("end", () => {
        try {
          resolve(JSON.parse(body))
        } catch (error) {
          reject(error)
        }
      })
    }).on("error", reject)
  })

/** The pids with a socket listening on 127.0.0.1:port, from /proc (the kernel's view, not the app's). */
const listenersOf = (port: number): ReadonlyArray<number> => {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, "0")}`
  const inodes = new Set(readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[1] === local && fields[3] === "0A")
    .map((fields) => `socket:[${fields[9]}]`))
  return readdirSync("/proc").filter((entry) => /^\d+$/.test(entry)).map(Number).filter((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`)))
    } catch {
      return false
    }
  })
}

const listening = (): Promise<net.Server> =>
  new Promise((resolve) => {
    const server = net.createServer()
    server.listen({ host: "127.0.0.1", port: 0 }, () => resolve(server))
  })

describe.skipIf(!haveChromium)("launch --cdp with Chromium", () => {
  afterAll(() => {
    for (const pid of started) if (isAlive(pid)) process.kill(pid, "SIGKILL")
  })

  it("reports the DevTools endpoint of the browser it started; refuses a running browser, a taken port and its own switches", async () => {
    desktop()
    writeFileSync(page, "<!doctype html><title>CDP page</title><h1>Hello</h1>")
    const taken = await listening()
    const takenPort = (taken.address() as net.AddressInfo).port
    try {
      const conflict = await run("launch", { app: "chromium", cdp: 0, arg: [...chromiumArgs, "--remote-debugging-port=9333"] })
      expect(conflict.error).toMatchObject({ code: "INVALID_ARGS", details: { kind: "cdp_switch_conflict", switch: "--remote-debugging-port" } })
      const inUse = await run("launch", { app: "chromium", cdp: takenPort, arg: chromiumArgs })
      expect(inUse.error).toMatchObject({ code: "INVALID_ARGS", details: { kind: "cdp_port_in_use", port: takenPort } })
      expect(inUse.error.disposition).toMatchObject({ delivery: "not_delivered", retry: "safe" })
    } finally {
      taken.close()
    }
    // Nothing was started by the refusals.
    expect((await ok("list-apps")).apps.map((a: { name: string }) => a.name)).not.toContain("Chromium")

    const launched = await ok("launch", { app: "chromium", cdp: 0, arg: [...chromiumArgs, `file://${page}`], timeout: 60_000 })
    started.push(launched.pid)
    const port = launched.cdp.port as number
    expect(port).toBeGreaterThan(0)
    expect(launched).toMatchObject({
      app: "Chromium",
      renderer: "chromium",
      cdp: { http_endpoint: `http://127.0.0.1:${port}`, product: expect.stringMatching(/^Chrome\//), protocol: "devtools" }
    })
    expect(launched.cdp.websocket_url).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:${port}/devtools/browser/`))
    // Read back: the kernel has that process listening on the port, and DevTools there lists the page it opened.
    expect(listenersOf(port)).toEqual([launched.pid])
    type Target = { type: string; title: string; url: string }
    const targets = await eventually(() => getJson(`http://127.0.0.1:${port}/json/list`) as Promise<Array<Target>>,
      (list) => list.some((t) => t.title === "CDP page"))
    expect(targets).toContainEqual(expect.objectContaining({ type: "page", title: "CDP page", url: `file://${page}` }))

    // Started without --force-renderer-accessibility: AT-SPI shows nothing of its windows, and the page is read through
    // the endpoint launch opened (contract 2.7: cdp nodes), the snapshot saying why and what served it.
    const snapshot = await ok("snapshot", { app: "Chromium" })
    expect(snapshot.accessibility).toMatchObject({ tree: "inactive", sources: ["cdp", "ocr"], fix: expect.stringContaining("--force-renderer-accessibility") })
    expect(snapshot.tree).toMatchObject({ role: "window", source: "cdp", children: [{ role: "webarea", name: "CDP page" }] })

    const again = await run("launch", { app: "chromium", cdp: 0 })
    expect(again.error).toMatchObject({ code: "ACTION_FAILED", details: { kind: "cdp_requires_fresh_launch", pids: [launched.pid] } })
    expect(again.error.disposition.delivery).toBe("not_delivered")
    await ok("close-app", { app: "Chromium", force: true })
    expect(isAlive(launched.pid)).toBe(false)
  }, 120_000)

  it("an app that is not Chromium-based starts, and the missing endpoint is reported with what the probe saw", async () => {
    const failed = await run("launch", { app: systemPython, arg: [fixturePath("grid.py"), "2"], cdp: 0, timeout: 2_000 })
    expect(failed.error).toMatchObject({
      code: "ACTION_FAILED",
      details: { kind: "cdp_endpoint_unavailable", probe_budget_ms: 2_000 }
    })
    const pid = failed.error.details.pid as number
    started.push(pid)
    expect(isAlive(pid)).toBe(true)
    expect(failed.error.details.elapsed_ms).toBeGreaterThanOrEqual(2_000)
    // It was started: a retry would attach to it, not launch a fresh one.
    expect(failed.error.disposition).toMatchObject({ delivery: "delivered_unverified", retry: "unsafe" })
    await ok("close-app", { app: "grid", force: true })
  }, 60_000)
})
