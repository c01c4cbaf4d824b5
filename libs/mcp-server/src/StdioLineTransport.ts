/**
 * MCP's stdio transport (one JSON-RPC message per line), with the two things a long-lived desktop tool needs that
 * the SDK's own stdio transport does not do: a line longer than `maxLineBytes` is dropped and answered with a
 * JSON-RPC "Invalid Request" error instead of closing the connection, and the end of stdin (the client went away)
 * closes the transport so the server can finish its calls and exit.
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import { type JSONRPCMessage, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js"
import { messageLine } from "./MessageLine.js"

export const DEFAULT_MAX_LINE_BYTES = 4 * 1024 * 1024

export class StdioLineTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void

  private pending: Array<Buffer> = []
  private pendingBytes = 0
  /** Inside a line that went over the limit: skip up to its newline. */
  private discarding = false
  private closed = false

  constructor(
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
    private readonly maxLineBytes: number = DEFAULT_MAX_LINE_BYTES
  ) {}

  async start(): Promise<void> {
    this.input.on("data", this.onData)
    this.input.on("end", this.onEnd)
    this.input.on("error", this.onInputError)
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return
    const line = messageLine(message)
    await new Promise<void>((resolve) => {
      if (this.output.write(line)) resolve()
      else this.output.once("drain", () => resolve())
    })
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.input.off("data", this.onData)
    this.input.off("end", this.onEnd)
    this.input.off("error", this.onInputError)
    this.pending = []
    this.onclose?.()
  }

  private readonly onEnd = () => void this.close()

  private readonly onInputError = (error: Error) => {
    this.onerror?.(error)
    void this.close()
  }

  private readonly onData = (chunk: Buffer | string) => {
    let data = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk
    for (let newline = data.indexOf(0x0a); newline !== -1; newline = data.indexOf(0x0a)) {
      const head = data.subarray(0, newline)
      data = data.subarray(newline + 1)
      if (this.discarding) {
        this.discarding = false
        continue
      }
      if (this.pendingBytes + head.length > this.maxLineBytes) {
        this.tooLarge()
        continue
      }
      const line = Buffer.concat([...this.pending, head]).toString("utf8").replace(/\r$/, "")
      this.pending = []
      this.pendingBytes = 0
      this.deliver(line)
    }
    if (this.discarding || data.length === 0) return
    if (this.pendingBytes + data.length > this.maxLineBytes) {
      this.tooLarge()
      this.discarding = true
      return
    }
    this.pending.push(data)
    this.pendingBytes += data.length
  }

  private tooLarge() {
    this.pending = []
    this.pendingBytes = 0
    void this.send({
      jsonrpc: "2.0",
      id: null as never,
      error: { code: -32600, message: `Request larger than ${this.maxLineBytes} bytes; it was dropped` }
    })
  }

  private deliver(line: string) {
    if (line.trim() === "") return
    let message: JSONRPCMessage
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(line))
    } catch (error) {
      void this.send({ jsonrpc: "2.0", id: null as never, error: { code: -32700, message: `Parse error: ${String(error).slice(0, 200)}` } })
      return
    }
    this.onmessage?.(message)
  }
}
