import * as fs from "node:fs"
import * as path from "node:path"
import { commandLine } from "../Discovery.js"
import { isLoopbackHost, type Endpoint } from "../Loopback.js"
import type { ProcessEndpoint } from "../Discovery.js"

/** Firefox's default port for `--remote-debugging-port` given without a value. */
const DEFAULT_PORT = 9222

/**
 * A switch's value as Firefox reads its command line: `--name=V`, `--name V` or `-name V` (the last one wins);
 * `present` without a value when the switch is last or followed by another switch.
 */
export const firefoxSwitch = (argv: ReadonlyArray<string>, name: string): { readonly value?: string } | undefined => {
  let found: { value?: string } | undefined
  for (let index = 1; index < argv.length; index++) {
    const arg = argv[index]!
    if (arg.startsWith(`--${name}=`)) found = { value: arg.slice(name.length + 3) }
    else if (arg === `--${name}` || arg === `-${name}`) {
      const next = argv[index + 1]
      found = next === undefined || next.startsWith("-") ? {} : { value: next }
    }
  }
  return found
}

/** Where Firefox wrote its running BiDi server (`WebDriverBiDiServer.json` in the profile: `ws_host`, `ws_port`). */
export const readBidiServerFile = (profile: string): { readonly host: string; readonly port: number } | undefined => {
  try {
    const server = JSON.parse(fs.readFileSync(path.join(profile, "WebDriverBiDiServer.json"), "utf8")) as Record<string, unknown>
    const host = server["ws_host"]
    const port = server["ws_port"]
    return typeof host === "string" && typeof port === "number" && Number.isInteger(port) && port > 0 ? { host, port } : undefined
  } catch {
    return undefined
  }
}

/**
 * The WebDriver BiDi endpoint a Firefox process was started with, from its command line: `--remote-debugging-port`
 * (9222 without a value). Firefox listens on localhost; port 0 means it chose one and wrote it, with its host, to
 * `WebDriverBiDiServer.json` in its profile (`--profile DIR`; a process without one has no file we can find). A host
 * off loopback (Firefox's `--remote-allow-hosts` does not move the listener, but the file could say so) is not used.
 */
export const bidiEndpointOfProcess = (pid: number): ProcessEndpoint => {
  const argv = commandLine(pid)
  const portSwitch = firefoxSwitch(argv, "remote-debugging-port")
  if (portSwitch === undefined) return { kind: "none" }
  const portText = portSwitch.value ?? String(DEFAULT_PORT)
  if (!/^\d{1,5}$/.test(portText)) return { kind: "none" }
  const port = Number(portText)
  if (port !== 0) return { kind: "endpoint", endpoint: bidiEndpoint({ host: "127.0.0.1", port }) }
  const profile = firefoxSwitch(argv, "profile")?.value
  const server = profile === undefined ? undefined : readBidiServerFile(profile)
  if (server === undefined) return { kind: "none" }
  if (!isLoopbackHost(server.host)) return { kind: "not_loopback", address: server.host }
  return { kind: "endpoint", endpoint: bidiEndpoint(server) }
}

/** An endpoint with its BiDi WebSocket (`/session`, where a client starts its session). */
export const bidiEndpoint = (at: { readonly host: string; readonly port: number }): Endpoint => {
  const host = at.host.includes(":") && !at.host.startsWith("[") ? `[${at.host}]` : at.host
  return { host: at.host, port: at.port, webSocketUrl: `ws://${host}:${at.port}/session` }
}
