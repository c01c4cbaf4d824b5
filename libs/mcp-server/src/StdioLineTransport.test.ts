import { describe, expect, it } from "@effect/vitest"
import { PassThrough } from "node:stream"
import { StdioLineTransport } from "./StdioLineTransport.js"

const setup = async (maxLineBytes = 64) => {
  const input = new PassThrough()
  const output = new PassThrough()
  const transport = new StdioLineTransport(input, output, maxLineBytes)
  const received: Array<unknown> = []
  let closed = false
  transport.onmessage = (message) => void received.push(message)
  transport.onclose = () => void (closed = true)
  await transport.start()
  const written = () => (output.read() as Buffer | null)?.toString("utf8").trim().split("\n").map((line) => JSON.parse(line)) ?? []
  return { input, transport, received, written, isClosed: () => closed }
}

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe("StdioLineTransport", () => {
  it("delivers messages split across chunks and several in one chunk", async () => {
    const { input, received } = await setup()
    input.write('{"jsonrpc":"2.0","id":1,"me')
    input.write('thod":"ping"}\n{"jsonrpc":"2.0","method":"x"}\n')
    await tick()
    expect(received).toEqual([{ jsonrpc: "2.0", id: 1, method: "ping" }, { jsonrpc: "2.0", method: "x" }])
  })

  it("drops a line over the limit with an Invalid Request error and keeps serving", async () => {
    const { input, received, written } = await setup(64)
    input.write("x".repeat(50))
    input.write("y".repeat(50))
    input.write("z".repeat(50) + '\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n')
    await tick()
    expect(received).toEqual([{ jsonrpc: "2.0", id: 2, method: "ping" }])
    expect(written()).toEqual([{ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Request larger than 64 bytes; it was dropped" } }])
  })

  it("answers a line that is not JSON-RPC with a parse error", async () => {
    const { input, received, written } = await setup()
    input.write("not json\n")
    await tick()
    expect(received).toEqual([])
    expect(written()[0]).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700 } })
  })

  it("closes when its input ends (the client went away)", async () => {
    const { input, isClosed } = await setup()
    input.end()
    input.resume()
    await tick()
    await tick()
    expect(isClosed()).toBe(true)
  })
})
