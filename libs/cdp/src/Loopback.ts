import * as net from "node:net"
import { CdpError } from "./CdpError.js"

/**
 * Loopback only: a DevTools endpoint gives whoever reaches it the whole browser (every page, cookies, file reads),
 * so this package talks to endpoints on this machine's loopback interface and nothing else. `localhost` is taken
 * only as the name, never resolved (a hosts file could point it anywhere).
 */
export const isLoopbackHost = (host: string): boolean => {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host
  if (bare === "localhost") return true
  if (net.isIPv4(bare)) return LOOPBACK.check(bare, "ipv4")
  if (net.isIPv6(bare)) return LOOPBACK.check(bare, "ipv6")
  return false
}

const LOOPBACK = (() => {
  const list = new net.BlockList()
  list.addSubnet("127.0.0.0", 8, "ipv4")
  list.addAddress("::1", "ipv6")
  list.addSubnet("::ffff:127.0.0.0", 104, "ipv6")
  return list
})()

/** A DevTools endpoint: where its HTTP discovery answers, and the browser's WebSocket once known. */
export interface Endpoint {
  readonly host: string
  readonly port: number
  /** The browser target's WebSocket (`/json/version`'s `webSocketDebuggerUrl`), once asked. */
  readonly webSocketUrl?: string
}

const refuse = (what: string, host: string) =>
  new CdpError({
    kind: "not_loopback",
    message: `${what} ${host} is not on this machine's loopback interface; DevTools endpoints are used only on 127.0.0.0/8 or ::1`,
    details: { host }
  })

/**
 * An endpoint as a user names it: a port (`9222`), `host:port`, `http://host:port[/...]` or a DevTools WebSocket
 * URL (`ws://host:port/devtools/browser/<id>`). Anything off loopback is refused before any connection.
 */
export const parseEndpoint = (text: string): Endpoint => {
  const trimmed = text.trim()
  if (/^\d{1,5}$/.test(trimmed)) return checkedPort({ host: "127.0.0.1", port: Number(trimmed) }, trimmed)
  const withScheme = /^[a-z]+:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    throw new CdpError({ kind: "unreachable", message: `'${text}' is not a DevTools endpoint (a port, host:port, http:// or ws:// URL)` })
  }
  if (!["http:", "ws:"].includes(url.protocol)) {
    throw new CdpError({ kind: "unreachable", message: `'${text}': DevTools endpoints are http:// or ws:// on loopback` })
  }
  const host = url.hostname
  if (!isLoopbackHost(host)) throw refuse("endpoint host", host)
  const port = url.port === "" ? 80 : Number(url.port)
  const endpoint = checkedPort({ host, port }, text)
  return url.protocol === "ws:" ? { ...endpoint, webSocketUrl: url.toString() } : endpoint
}

const checkedPort = (endpoint: Endpoint, text: string): Endpoint => {
  if (!Number.isInteger(endpoint.port) || endpoint.port < 1 || endpoint.port > 65_535) {
    throw new CdpError({ kind: "unreachable", message: `'${text}' names no valid port` })
  }
  return endpoint
}

/** A WebSocket URL the browser handed out must stay on loopback too (a hostile answer could name another host). */
export const checkedWebSocketUrl = (url: string): string => {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new CdpError({ kind: "unreachable", message: `the endpoint answered an unusable WebSocket URL '${url}'` })
  }
  if (parsed.protocol !== "ws:") throw new CdpError({ kind: "unreachable", message: `the endpoint answered a WebSocket URL that is not ws:// ('${url}')` })
  if (!isLoopbackHost(parsed.hostname)) throw refuse("the WebSocket URL's host", parsed.hostname)
  return url
}
