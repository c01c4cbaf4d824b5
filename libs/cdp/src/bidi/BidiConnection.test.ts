import type { AddressInfo } from "node:net"
import { afterEach, describe, expect, it } from "vitest"
import { WebSocketServer, type WebSocket } from "ws"
import { NO_HOOKS, type CdpStep } from "../Delivery.js"
import { BidiConnection, parseBidiMessage } from "./BidiConnection.js"
import { contextOfWindow, enterFieldText, openBidiSession, titleMatches } from "./BidiPage.js"

const servers: Array<WebSocketServer> = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

type Command = { id: number; method: string; params: Record<string, any> }

/** A loopback WebSocket server speaking BiDi's wire format as `reply` says; every command it got is in `seen`. */
const server = (reply: (command: Command, socket: WebSocket) => void) => {
  const seen: Array<Command> = []
  const url = new Promise<string>((resolve) => {
    const wss: WebSocketServer = new WebSocketServer({ host: "127.0.0.1", port: 0 }, (): void => resolve(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}/session`))
    servers.push(wss)
    wss.on("connection", (socket: WebSocket) => socket.on("message", (data: Buffer) => {
      const command = JSON.parse(data.toString()) as Command
      seen.push(command)
      reply(command, socket)
    }))
  })
  return { url, seen }
}
const success = (socket: WebSocket, id: number, result: unknown) => socket.send(JSON.stringify({ type: "success", id, result }))
const string = (value: string) => ({ type: "success", result: { type: "string", value } })

describe("WebDriver BiDi messages", () => {
  it("sorts success, error and event frames; anything else is unknown", () => {
    expect(parseBidiMessage(JSON.stringify({ type: "success", id: 3, result: { a: 1 } }))).toEqual({ kind: "success", id: 3, result: { a: 1 } })
    expect(parseBidiMessage(JSON.stringify({ type: "error", id: null, error: "invalid argument", message: "bad" }))).toEqual({ kind: "error", id: undefined, error: "invalid argument", message: "bad" })
    expect(parseBidiMessage(JSON.stringify({ type: "event", method: "log.entryAdded", params: {} }))).toEqual({ kind: "event", method: "log.entryAdded", params: {} })
    expect(parseBidiMessage("not json")).toEqual({ kind: "unknown" })
    expect(parseBidiMessage(JSON.stringify({ id: 1, result: {} }))).toEqual({ kind: "unknown" })
    expect(parseBidiMessage("null")).toEqual({ kind: "unknown" })
  })

  it("answers by id; an error names BiDi's code; a command after the close was not sent", async () => {
    const { url } = server((command, socket) => {
      if (command.method === "good") success(socket, command.id, { ok: true })
      else socket.send(JSON.stringify({ type: "error", id: command.id, error: "no such frame", message: "gone" }))
    })
    const connection = await BidiConnection.open(await url, 2_000)
    await expect(connection.send("good", {})).resolves.toEqual({ ok: true })
    await expect(connection.send("bad", {})).rejects.toMatchObject({ kind: "protocol", sent: true, details: { error: "no such frame" } })
    connection.close()
    await expect(connection.send("good", {})).rejects.toMatchObject({ kind: "closed", sent: false })
  })

  it("a session refused (another client holds the browser) closes the connection and says why", async () => {
    const { url } = server((command, socket) =>
      socket.send(JSON.stringify({ type: "error", id: command.id, error: "session not created", message: "Maximum number of active sessions" })))
    await expect(openBidiSession({ host: "127.0.0.1", port: 1, webSocketUrl: await url }, 2_000))
      .rejects.toMatchObject({ kind: "protocol", message: expect.stringContaining("Maximum number of active sessions") })
  })

  it("a window's page is the tab titled as the window (the shown one where several are); typing is one performActions", async () => {
    const pages: Record<string, [string, string]> = { a: ["Other", "visible"], b: ["fields", "hidden"], c: ["fields", "visible"] }
    const { url, seen } = server((command, socket) => {
      if (command.method === "session.new") return success(socket, command.id, { sessionId: "s", capabilities: { browserName: "firefox", browserVersion: "153.8.0" } })
      if (command.method === "browsingContext.getTree") return success(socket, command.id, { contexts: Object.keys(pages).map((context) => ({ context, children: [] })) })
      if (command.method === "script.callFunction") return success(socket, command.id, string(JSON.stringify(pages[command.params["target"].context]!)))
      success(socket, command.id, {})
    })
    const session = await openBidiSession({ host: "127.0.0.1", port: 1, webSocketUrl: await url }, 2_000)
    expect(session).toMatchObject({ browserName: "firefox", browserVersion: "153.8.0" })
    expect(await contextOfWindow(session, "fields — Mozilla Firefox", 2_000)).toBe("c")
    await expect(contextOfWindow(session, "nothing — Mozilla Firefox", 2_000)).rejects.toMatchObject({ kind: "no_page" })
    const sending: Array<string> = []
    const steps = await enterFieldText(session, "c", { kind: "type", text: "hé" }, { sending: (step: CdpStep) => sending.push(step.label), answered: () => undefined }, 2_000)
    expect(sending).toEqual(["input.performActions"])
    expect(steps).toEqual([{ label: "input.performActions", outcome: "succeeded", mechanism: "semantic_api" }])
    expect(seen.find((c) => c.method === "input.performActions")!.params).toEqual({
      context: "c",
      actions: [{ type: "key", id: "agent-desktop-keyboard", actions: [
        { type: "keyDown", value: "h" }, { type: "keyUp", value: "h" }, { type: "keyDown", value: "é" }, { type: "keyUp", value: "é" }
      ] }]
    })
    await session.end()
    expect(seen.at(-1)!.method).toBe("session.end")
  })

  it("a page that closes the connection while keys are sent leaves that step attempted and says it was sent", async () => {
    const { url } = server((command, socket) => {
      if (command.method === "session.new") return success(socket, command.id, { sessionId: "s", capabilities: {} })
      if (command.method === "input.performActions") return socket.terminate()
      success(socket, command.id, {})
    })
    const session = await openBidiSession({ host: "127.0.0.1", port: 1, webSocketUrl: await url }, 2_000)
    await expect(enterFieldText(session, "c", { kind: "set_value", value: "x" }, NO_HOOKS, 2_000)).rejects.toMatchObject({
      kind: "closed", sent: true, steps: [{ label: "input.performActions", outcome: "attempted" }]
    })
    await session.end()
  })

  it("a window title shows its page's title alone or before the browser's name", () => {
    expect(titleMatches("fields — Mozilla Firefox", "fields")).toBe(true)
    expect(titleMatches("fields", "fields")).toBe(true)
    expect(titleMatches("fields2 — Mozilla Firefox", "fields")).toBe(false)
    expect(titleMatches("Mozilla Firefox", "")).toBe(false)
  })
})
