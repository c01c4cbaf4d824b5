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
  if (net.isIPv4(bare)) return bare.split(".")[0] === "127"
  if (!net.isIPv6(bare)) return false
  const groups = ipv6Groups(bare)
  if (groups === undefined) return false
  // ::1, or an IPv4-mapped loopback (::ffff:127.x.y.z).
  if (groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1) return true
  return groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff && groups[6]! >> 8 === 127
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 as two groups). */
const ipv6Groups = (address: string): Array<number> | undefined => {
  let text = address.toLowerCase()
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted !== null) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.split("::") as [string, string | undefined]
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16)))
  const left = parse(head)
  const right = tail === undefined ? [] : parse(tail)
  const groups = tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right]
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined
}

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
