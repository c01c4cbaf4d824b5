import { Effect } from "effect"
import { mkdtempSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as http from "node:http"
import * as net from "node:net"
import { afterEach, describe, expect, it } from "vitest"
import { WebSocketServer } from "ws"
import { cdpSwitches, choosePort, conflictingSwitch, probeEndpoint, remoteProtocolOf } from "./cdp.js"

const servers: Array<http.Server | net.Server> = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

/** A loopback HTTP server answering every request with `respond`; resolves with its port. */
const serve = (respond: (response: http.ServerResponse) => void): Promise<number> =>
  new Promise((resolve) => {
    const server = http.createServer((_request, response) => respond(response))
    servers.push(server)
    server.listen({ host: "127.0.0.1", port: 0 }, () => resolve((server.address() as net.AddressInfo).port))
  })

describe("launch --cdp's endpoint probe", () => {
  it("reads a DevTools version answer", async () => {
    const port = await serve((response) => response.end(JSON.stringify({ Browser: "Chrome/156.0", webSocketDebuggerUrl: "ws://127.0.0.1:1/devtools/browser/x" })))
    const outcome = await Effect.runPromise(probeEndpoint(port, 2_000, () => true))
    expect(outcome.endpoint).toEqual({ port, http_endpoint: `http://127.0.0.1:${port}`, websocket_url: "ws://127.0.0.1:1/devtools/browser/x", product: "Chrome/156.0", protocol: "devtools" })
  })

  it("reads a WebDriver BiDi endpoint by starting and ending a session (Firefox: one at a time)", async () => {
    const methods: Array<string> = []
    const port = await new Promise<number>((resolve) => {
      const wss: WebSocketServer = new WebSocketServer({ host: "127.0.0.1", port: 0 }, () => resolve((wss.address() as net.AddressInfo).port))
      servers.push(wss as unknown as net.Server)
      wss.on("connection", (socket) => socket.on("message", (data: Buffer) => {
        const command = JSON.parse(data.toString()) as { id: number; method: string }
        methods.push(command.method)
        const result = command.method === "session.new" ? { sessionId: "s", capabilities: { browserName: "firefox", browserVersion: "153.8.0" } } : {}
        socket.send(JSON.stringify({ type: "success", id: command.id, result }))
      }))
    })
    const outcome = await Effect.runPromise(probeEndpoint(port, 2_000, () => true, "webdriver-bidi"))
    expect(outcome.endpoint).toEqual({
      port, http_endpoint: `http://127.0.0.1:${port}`, websocket_url: `ws://127.0.0.1:${port}/session`, product: "firefox/153.8.0", protocol: "webdriver-bidi"
    })
    expect(methods).toEqual(["session.new", "session.end"])
  })

  it("gives up on a responder that is not DevTools, even one that streams without end, within its budget", async () => {
    const port = await serve((response) => {
      response.writeHead(200)
      const chunk = "x".repeat(16_384)
      const timer = setInterval(() => response.write(chunk), 5)
      response.on("close", () => clearInterval(timer))
    })
    const outcome = await Effect.runPromise(probeEndpoint(port, 600, () => true))
    expect(outcome.endpoint).toBeUndefined()
    expect(outcome.responderWithoutDevtoolsBody).toBe(true)
  })

  it("stops asking once the app is gone", async () => {
    const free = await Effect.runPromise(choosePort(0))
    const outcome = await Effect.runPromise(probeEndpoint(free, 30_000, () => false))
    expect(outcome.endpoint).toBeUndefined()
    expect(outcome.elapsedMs).toBeLessThan(30_000)
  })

  it("names the switch of its own an --arg would add", () => {
    expect(conflictingSwitch(["--no-sandbox", "--remote-debugging-port=9222"])).toBe("--remote-debugging-port=9222")
    expect(conflictingSwitch(["--remote-debugging-pipe"])).toBe("--remote-debugging-pipe")
    expect(conflictingSwitch(["--remote-debugging"])).toBeUndefined()
    expect(conflictingSwitch(["-remote-debugging-port", "9222"])).toBe("-remote-debugging-port")
  })

  it("a Gecko app (application.ini and omni.ja beside its real executable) gets BiDi's one switch; others Chromium's", () => {
    const gecko = mkdtempSync(join(tmpdir(), "ad-gecko-"))
    for (const file of ["application.ini", "omni.ja", "browser-bin"]) writeFileSync(join(gecko, file), "")
    symlinkSync(join(gecko, "browser-bin"), join(gecko, "link"))
    expect(remoteProtocolOf(join(gecko, "link"))).toBe("webdriver-bidi")
    expect(remoteProtocolOf(process.execPath)).toBe("devtools")
    expect(remoteProtocolOf(join(gecko, "missing"))).toBe("devtools")
    expect(cdpSwitches(9333, "webdriver-bidi")).toEqual(["--remote-debugging-port=9333"])
    expect(cdpSwitches(9333)).toEqual(["--remote-debugging-port=9333", "--remote-debugging-address=127.0.0.1"])
  })
})
