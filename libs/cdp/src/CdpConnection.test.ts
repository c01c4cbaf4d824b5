import type { AddressInfo } from "node:net"
import { afterEach, describe, expect, it } from "vitest"
import { WebSocketServer, type WebSocket } from "ws"
import { CdpConnection } from "./CdpConnection.js"

const servers: Array<WebSocketServer> = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

/** A loopback WebSocket server that answers each request as `reply` says (or not at all). */
const server = (reply: (message: { id: number; method: string }, socket: WebSocket) => void) =>
  new Promise<string>((resolve) => {
    const wss: WebSocketServer = new WebSocketServer({ host: "127.0.0.1", port: 0 }, (): void => resolve(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}/devtools/browser/test`))
    servers.push(wss)
    wss.on("connection", (socket: WebSocket) => socket.on("message", (data: Buffer) => reply(JSON.parse(data.toString()), socket)))
  })

describe("CdpConnection", () => {
  it("answers by id, turns protocol errors into typed errors, and passes events on", async () => {
    const url = await server((message, socket) => {
      if (message.method === "Good.call") {
        socket.send(JSON.stringify({ method: "Some.event", params: { a: 1 }, sessionId: "s" }))
        socket.send(JSON.stringify({ id: message.id, result: { ok: true } }))
      } else socket.send(JSON.stringify({ id: message.id, error: { code: -32000, message: "No node with given id found" } }))
    })
    const connection = await CdpConnection.open(url, 2_000)
    const events: Array<unknown> = []
    connection.onEvent((event) => events.push(event))
    await expect(connection.send("Good.call")).resolves.toEqual({ ok: true })
    expect(events).toEqual([{ method: "Some.event", params: { a: 1 }, sessionId: "s" }])
    await expect(connection.send("Bad.call")).rejects.toMatchObject({ kind: "protocol", code: -32000, sent: true, method: "Bad.call" })
    connection.close()
  })

  it("a request sent before the connection closed was sent; one made after was not; a silent one times out as sent", async () => {
    let drop: (() => void) | undefined
    const url = await server((message, socket) => {
      if (message.method === "Hang.forever") return
      drop = () => socket.terminate()
    })
    const connection = await CdpConnection.open(url, 2_000)
    await expect(connection.send("Hang.forever", {}, { timeoutMs: 100 })).rejects.toMatchObject({ kind: "timeout", sent: true })
    const pending = connection.send("Dropped.call", {}, { timeoutMs: 5_000 })
    for (let i = 0; i < 100 && drop === undefined; i++) await new Promise((wake) => setTimeout(wake, 10))
    drop!()
    await expect(pending).rejects.toMatchObject({ kind: "closed", sent: true, method: "Dropped.call" })
    await expect(connection.send("Later.call")).rejects.toMatchObject({ kind: "closed", sent: false })
    expect(connection.closed).toBe(true)
  })

  it("refuses a WebSocket off loopback without connecting, and reports an endpoint that is not there", async () => {
    await expect(CdpConnection.open("ws://198.51.100.7:9222/devtools/browser/x", 1_000)).rejects.toMatchObject({ kind: "not_loopback" })
    await expect(CdpConnection.open("ws://127.0.0.1:1/devtools/browser/x", 1_000)).rejects.toMatchObject({ kind: "unreachable", sent: false })
  })
})
