import { describe, expect, it } from "vitest"
import { CdpError } from "./CdpError.js"
import { checkedWebSocketUrl, isLoopbackHost, parseEndpoint } from "./Loopback.js"

describe("loopback only", () => {
  it("knows loopback addresses in every spelling, and nothing else", () => {
    for (const host of ["127.0.0.1", "127.8.9.10", "::1", "[::1]", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1", "localhost"]) expect(isLoopbackHost(host), host).toBe(true)
    for (const host of ["10.0.0.1", "0.0.0.0", "::", "192.168.1.2", "fe80::1", "::ffff:10.0.0.1", "example.com", "localhost.example.com", "128.0.0.1"]) expect(isLoopbackHost(host), host).toBe(false)
  })

  it("parses the endpoints a user names, and refuses one off loopback before connecting", () => {
    expect(parseEndpoint("9222")).toEqual({ host: "127.0.0.1", port: 9222 })
    expect(parseEndpoint("127.0.0.1:9333")).toEqual({ host: "127.0.0.1", port: 9333 })
    expect(parseEndpoint("http://localhost:9222/json/version")).toEqual({ host: "localhost", port: 9222 })
    expect(parseEndpoint("ws://127.0.0.1:9222/devtools/browser/abc")).toEqual({ host: "127.0.0.1", port: 9222, webSocketUrl: "ws://127.0.0.1:9222/devtools/browser/abc" })
    for (const text of ["http://10.1.2.3:9222", "ws://192.168.0.5:9222/devtools/browser/x", "example.com:9222", "[fe80::1]:9222"]) {
      expect(() => parseEndpoint(text), text).toThrow(expect.objectContaining({ kind: "not_loopback" }))
    }
    for (const text of ["https://127.0.0.1:9222", "99999", "not a url at all ::"]) {
      expect(() => parseEndpoint(text), text).toThrow(CdpError)
    }
  })

  it("refuses a WebSocket URL the browser hands out when it leaves loopback", () => {
    expect(checkedWebSocketUrl("ws://127.0.0.1:9/devtools/browser/a")).toBe("ws://127.0.0.1:9/devtools/browser/a")
    expect(() => checkedWebSocketUrl("ws://10.0.0.2:9/devtools/browser/a")).toThrow(expect.objectContaining({ kind: "not_loopback" }))
    expect(() => checkedWebSocketUrl("wss://127.0.0.1:9/x")).toThrow(expect.objectContaining({ kind: "unreachable" }))
  })
})
