import { spawn, type ChildProcess } from "node:child_process"
import * as fs from "node:fs"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { browserVersion, endpointOfProcess } from "./Discovery.js"

const children: Array<ChildProcess> = []
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL")
})

/** A process whose command line carries the switches (Node ignores what follows `--`). */
const withArgs = async (...args: Array<string>) => {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)", "--", ...args], { stdio: "ignore" })
  children.push(child)
  for (let i = 0; i < 100 && !fs.readFileSync(`/proc/${child.pid}/cmdline`, "utf8").includes("--"); i++) await new Promise((wake) => setTimeout(wake, 10))
  return child.pid!
}

describe("endpointOfProcess", () => {
  it("reads the port from the command line, and a chosen port (0) from the profile's DevToolsActivePort", async () => {
    expect(endpointOfProcess(await withArgs("--remote-debugging-port=9444"))).toEqual({ kind: "endpoint", endpoint: { host: "127.0.0.1", port: 9444 } })
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), "ad-cdp-profile-"))
    fs.writeFileSync(path.join(profile, "DevToolsActivePort"), "41234\n/devtools/browser/x\n")
    expect(endpointOfProcess(await withArgs("--remote-debugging-port=0", `--user-data-dir=${profile}`))).toEqual({ kind: "endpoint", endpoint: { host: "127.0.0.1", port: 41234 } })
    expect(endpointOfProcess(await withArgs("--remote-debugging-port=0", `--user-data-dir=${path.join(profile, "none")}`))).toEqual({ kind: "none" })
  })

  it("refuses an endpoint the browser was told to open beyond loopback, and finds none without the switch", async () => {
    expect(endpointOfProcess(await withArgs("--remote-debugging-port=9444", "--remote-debugging-address=0.0.0.0"))).toEqual({ kind: "not_loopback", address: "0.0.0.0" })
    expect(endpointOfProcess(await withArgs("--remote-debugging-port=9444", "--remote-debugging-address=127.0.0.2"))).toEqual({ kind: "endpoint", endpoint: { host: "127.0.0.2", port: 9444 } })
    expect(endpointOfProcess(await withArgs("--enable-features=x"))).toEqual({ kind: "none" })
    expect(endpointOfProcess(2 ** 22 + 7)).toEqual({ kind: "none" })
  })
})

describe("browserVersion", () => {
  const serve = (answer: (response: http.ServerResponse) => void) =>
    new Promise<http.Server>((resolve) => {
      const server = http.createServer((_request, response) => answer(response))
      server.listen({ host: "127.0.0.1", port: 0 }, () => resolve(server))
    })

  it("takes a DevTools answer, and refuses one that is not DevTools or names a WebSocket off loopback", async () => {
    const good = await serve((r) => r.end(JSON.stringify({ Browser: "Chrome/1", webSocketDebuggerUrl: "ws://127.0.0.1:1/devtools/browser/a" })))
    const other = await serve((r) => r.end("<html>hello</html>"))
    const hostile = await serve((r) => r.end(JSON.stringify({ webSocketDebuggerUrl: "ws://203.0.113.9:1/devtools/browser/a" })))
    try {
      const port = (server: http.Server) => (server.address() as AddressInfo).port
      await expect(browserVersion({ host: "127.0.0.1", port: port(good) }, 2_000)).resolves.toEqual({ webSocketUrl: "ws://127.0.0.1:1/devtools/browser/a", product: "Chrome/1" })
      await expect(browserVersion({ host: "127.0.0.1", port: port(other) }, 2_000)).rejects.toMatchObject({ kind: "unreachable" })
      await expect(browserVersion({ host: "127.0.0.1", port: port(hostile) }, 2_000)).rejects.toMatchObject({ kind: "not_loopback" })
      await expect(browserVersion({ host: "10.0.0.1", port: 9222 }, 2_000)).rejects.toMatchObject({ kind: "not_loopback" })
    } finally {
      for (const server of [good, other, hostile]) server.close()
    }
  })
})
