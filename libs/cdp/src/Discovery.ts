import * as fs from "node:fs"
import * as http from "node:http"
import * as os from "node:os"
import * as path from "node:path"
import { CdpError } from "./CdpError.js"
import { checkedWebSocketUrl, isLoopbackHost, type Endpoint } from "./Loopback.js"

/** What `/json/version` says about a browser. */
export interface BrowserVersion {
  readonly webSocketUrl: string
  readonly product?: string
}

/** One GET of `http://host:port/json/version` (loopback only, answered within `timeoutMs`). */
export const browserVersion = (endpoint: Endpoint, timeoutMs: number): Promise<BrowserVersion> => {
  if (!isLoopbackHost(endpoint.host)) {
    return Promise.reject(new CdpError({ kind: "not_loopback", message: `${endpoint.host} is not loopback`, details: { host: endpoint.host } }))
  }
  return new Promise((resolve, reject) => {
    const unreachable = (why: string) =>
      reject(new CdpError({ kind: "unreachable", message: `no DevTools endpoint answers at ${endpoint.host}:${endpoint.port} (${why})`, sent: false }))
    const request = http.get({ host: endpoint.host, port: endpoint.port, path: "/json/version", timeout: timeoutMs }, (response) => {
      let body = ""
      response.setEncoding("utf8")
      response.on("data", (chunk: string) => {
        body += chunk
        if (body.length > 65_536) response.destroy(new Error("answer too long for a DevTools version"))
      })
      response.on("error", (error) => unreachable(error.message))
      response.on("end", () => {
        try {
          const version = JSON.parse(body) as Record<string, unknown>
          const url = version["webSocketDebuggerUrl"]
          if (response.statusCode !== 200 || typeof url !== "string") return unreachable("the answer is not a DevTools version")
          const browser = version["Browser"]
          resolve({ webSocketUrl: checkedWebSocketUrl(url), ...(typeof browser === "string" && browser !== "" ? { product: browser } : {}) })
        } catch (error) {
          if (error instanceof CdpError) return reject(error)
          unreachable("the answer is not JSON")
        }
      })
    })
    request.on("timeout", () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)))
    request.on("error", (error) => unreachable(error.message))
  })
}

/**
 * The argv of a process, from /proc (empty when it is gone or not ours to read). Chromium rewrites its process
 * title: its browser process's cmdline is then one string, the arguments joined by spaces, so a single entry is
 * split at spaces (the switches read here carry no spaces).
 */
export const commandLine = (pid: number): ReadonlyArray<string> => {
  let argv: Array<string>
  try {
    argv = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter((arg) => arg !== "")
  } catch {
    return []
  }
  return argv.length === 1 && argv[0]!.includes(" --") ? argv[0]!.split(" ").filter((arg) => arg !== "") : argv
}

const switchValue = (argv: ReadonlyArray<string>, name: string): string | undefined => {
  for (let index = argv.length - 1; index >= 0; index--) {
    const arg = argv[index]!
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3)
  }
  return undefined
}

/** Where a process's DevTools endpoint is, or why it has none usable. */
export type ProcessEndpoint =
  | { readonly kind: "endpoint"; readonly endpoint: Endpoint }
  | { readonly kind: "none" }
  | { readonly kind: "not_loopback"; readonly address: string }

/**
 * The DevTools endpoint a Chromium-family process (Chromium, Chrome, Electron) was started with, read from its
 * command line: `--remote-debugging-port=N` (Chromium listens on 127.0.0.1 unless `--remote-debugging-address` says
 * otherwise, and an address off loopback is not used); port 0 means Chromium chose one and wrote it to
 * `DevToolsActivePort` in its profile (`--user-data-dir`, else the default profile of `XDG_CONFIG_HOME`).
 */
export const endpointOfProcess = (pid: number, env: Readonly<Record<string, string | undefined>> = process.env): ProcessEndpoint => {
  const argv = commandLine(pid)
  const portText = switchValue(argv, "remote-debugging-port")
  if (portText === undefined || !/^\d+$/.test(portText)) return { kind: "none" }
  const address = switchValue(argv, "remote-debugging-address") ?? "127.0.0.1"
  if (!isLoopbackHost(address)) return { kind: "not_loopback", address }
  let port = Number(portText)
  if (port === 0) {
    const profile = switchValue(argv, "user-data-dir") ?? defaultProfile(argv[0] ?? "", env)
    const active = readActivePort(profile)
    if (active === undefined) return { kind: "none" }
    port = active
  }
  return { kind: "endpoint", endpoint: { host: address, port } }
}

const defaultProfile = (program: string, env: Readonly<Record<string, string | undefined>>) => {
  const config = env["XDG_CONFIG_HOME"] ?? path.join(os.homedir(), ".config")
  return path.join(config, path.basename(program).includes("chrome") ? "google-chrome" : "chromium")
}

const readActivePort = (profile: string): number | undefined => {
  try {
    const first = fs.readFileSync(path.join(profile, "DevToolsActivePort"), "utf8").split("\n")[0]
    return first !== undefined && /^\d+$/.test(first) ? Number(first) : undefined
  } catch {
    return undefined
  }
}
