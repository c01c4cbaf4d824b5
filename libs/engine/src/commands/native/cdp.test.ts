import { Effect } from "effect"
import * as http from "node:http"
import * as net from "node:net"
import { afterEach, describe, expect, it } from "vitest"
import { choosePort, conflictingSwitch, probeEndpoint } from "./cdp.js"

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
    expect(outcome.endpoint).toEqual({ port, http_endpoint: `http://127.0.0.1:${port}`, websocket_url: "ws://127.0.0.1:1/devtools/browser/x", product: "Chrome/156.0" })
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
  })
})
