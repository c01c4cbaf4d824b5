import { describe, expect, it } from "vitest"
import { messageLine, rememberJson } from "./MessageLine.js"

describe("messageLine", () => {
  it("writes the same JSON as JSON.stringify, splicing a remembered structuredContent", () => {
    const envelope = { version: "2.6", ok: true, command: "snapshot", data: { text: "a \"quoted\" \u0000 line\n" } }
    const text = JSON.stringify(envelope)
    rememberJson(text)
    const message = { jsonrpc: "2.0" as const, id: 7, result: { content: [{ type: "text", text }], structuredContent: envelope, isError: false } }
    // The SDK sends a validated copy: the same content, another object.
    const line = messageLine({ ...message, result: { ...message.result, structuredContent: { ...envelope } } })
    expect(line.endsWith("\n")).toBe(true)
    expect(JSON.parse(line)).toEqual(JSON.parse(JSON.stringify(message)))
    expect(line.startsWith(`{"jsonrpc":"2.0","id":7,"result":{"structuredContent":${text},`)).toBe(true)
    // Once only: the same text again is serialized in full.
    expect(messageLine(message)).toBe(JSON.stringify(message) + "\n")
  })

  it("serializes other messages as they are", () => {
    const message = { jsonrpc: "2.0" as const, method: "notifications/progress", params: { progress: 1 } }
    expect(messageLine(message)).toBe(JSON.stringify(message) + "\n")
    const plain = { jsonrpc: "2.0" as const, id: 1, result: { structuredContent: { a: 1 } } }
    expect(messageLine(plain)).toBe(JSON.stringify(plain) + "\n")
  })
})
