/**
 * `launch --cdp [PORT]`: a Chromium-family app (Chromium, Chrome, Electron) started with a DevTools endpoint on
 * 127.0.0.1, reported once it answers `/json/version`; a Gecko app (Firefox, which serves no DevTools protocol)
 * started with its WebDriver BiDi endpoint, reported once a BiDi session starts there (and is ended at once). A browser that already runs cannot gain an endpoint (its
 * switches are read at start-up), so --cdp never attaches; a port taken by another process, or `--arg` switches of
 * its own for the endpoint, are refused before anything starts.
 */
import { bidiBrowser, bidiEndpoint, CdpError } from "@agent-desktop/cdp"
import type { CdpEndpoint } from "@agent-desktop/contracts"
import { Clock, Effect } from "effect"
import { existsSync, realpathSync } from "node:fs"
import * as http from "node:http"
import * as net from "node:net"
import * as path from "node:path"
import { InvalidArgs } from "../../errors/DesktopError.js"

const HOST = "127.0.0.1"
/** How long the endpoint may take to answer once the window is up, at most (it was already up when Chromium's window was). */
export const CDP_PROBE_BUDGET_MS = 10_000
const PROBE_INTERVAL_MS = 100
const REQUEST_TIMEOUT_MS = 1_000

const ENDPOINT_SWITCH = /^--?remote-debugging-(port|pipe|address|socket-name|targets)(=|$)/

/** The first `--arg` that would set up an endpoint of its own (and fight ours), if any. */
export const conflictingSwitch = (args: ReadonlyArray<string>): string | undefined =>
  args.find((arg) => ENDPOINT_SWITCH.test(arg))

/** The remote protocol an app serves: Gecko's WebDriver BiDi, else Chromium's DevTools. */
export type RemoteProtocol = "devtools" | "webdriver-bidi"

/**
 * A Gecko application (Firefox, its ESR, forks built on it) ships `application.ini` and `omni.ja` beside its real
 * executable; anything else is taken for Chromium-family. A wrapper script elsewhere hides this (it gets Chromium's
 * switches, of which Gecko takes the port); the probe then still recognises the endpoint by its protocol.
 */
export const remoteProtocolOf = (executable: string): RemoteProtocol => {
  try {
    const dir = path.dirname(realpathSync(executable))
    return existsSync(path.join(dir, "application.ini")) && existsSync(path.join(dir, "omni.ja")) ? "webdriver-bidi" : "devtools"
  } catch {
    return "devtools"
  }
}

/** Chromium listens where `--remote-debugging-address` says; Gecko always on localhost, and has no such switch. */
export const cdpSwitches = (port: number, protocol: RemoteProtocol = "devtools"): ReadonlyArray<string> =>
  protocol === "webdriver-bidi"
    ? [`--remote-debugging-port=${port}`]
    : [`--remote-debugging-port=${port}`, `--remote-debugging-address=${HOST}`]

/**
 * The port to give the app: PORT when it is free on 127.0.0.1, or for 0 one the kernel picks now (bound and
 * released at once; the app binds it a moment later, so another process could take it in between — then the probe
 * sees no DevTools answer and says so).
 */
export const choosePort = (port: number): Effect.Effect<number, InvalidArgs> =>
  Effect.callback<number, InvalidArgs>((resume) => {
    const server = net.createServer()
    server.once("error", (error: NodeJS.ErrnoException) => {
      server.close()
      resume(Effect.fail(new InvalidArgs({
        message: error.code === "EADDRINUSE"
          ? `port ${port} on ${HOST} is in use by another process`
          : `port ${port} on ${HOST} cannot be used: ${error.code ?? error.message}`,
        details: { kind: "cdp_port_in_use", port },
        suggestion: "Pass --cdp with a free port, or --cdp alone for one chosen for you"
      })))
    })
    server.listen({ host: HOST, port, exclusive: true }, () => {
      const chosen = (server.address() as net.AddressInfo).port
      server.close(() => resume(Effect.succeed(chosen)))
    })
    return Effect.sync(() => server.close())
  })

type ProbeAnswer =
  | { readonly kind: "endpoint"; readonly endpoint: CdpEndpoint }
  | { readonly kind: "not_devtools" }
  | { readonly kind: "no_answer" }

/** One GET of /json/version: DevTools answers `{Browser, webSocketDebuggerUrl, ...}`. */
const askVersion = (port: number): Effect.Effect<ProbeAnswer> =>
  Effect.callback<ProbeAnswer>((resume) => {
    let answered = false
    const answer = (value: ProbeAnswer) => {
      if (answered) return
      answered = true
      resume(Effect.succeed(value))
    }
    const request = http.get({ host: HOST, port, path: "/json/version", timeout: REQUEST_TIMEOUT_MS }, (response) => {
      let body = ""
      response.setEncoding("utf8")
      response.on("data", (chunk: string) => {
        body += chunk
        // Far more than a DevTools version answer: something else is talking.
        if (body.length > 65_536) response.destroy()
      })
      response.on("error", () => answer({ kind: "not_devtools" }))
      // A destroyed response emits neither end nor error, only close.
      response.on("close", () => answer({ kind: "not_devtools" }))
      response.on("end", () => {
        try {
          const version = JSON.parse(body) as Record<string, unknown>
          const websocket = version["webSocketDebuggerUrl"]
          if (response.statusCode === 200 && typeof websocket === "string" && websocket.startsWith("ws://")) {
            const browser = version["Browser"]
            return answer({
              kind: "endpoint",
              endpoint: {
                port,
                http_endpoint: `http://${HOST}:${port}`,
                websocket_url: websocket,
                ...(typeof browser === "string" && browser.length > 0 ? { product: browser } : {}),
                protocol: "devtools"
              }
            })
          }
        } catch {
          // not JSON: something else answers on the port
        }
        answer({ kind: "not_devtools" })
      })
    })
    request.on("timeout", () => request.destroy())
    request.on("error", () => answer({ kind: "no_answer" }))
    request.on("close", () => answer({ kind: "no_answer" }))
    return Effect.sync(() => request.destroy())
  })

/**
 * A WebDriver BiDi session started and ended at `port` (Firefox serves one session at a time: a client holding one
 * makes this a `not_devtools` answer, something there but not ours to use).
 */
const askBidi = (port: number, timeoutMs: number): Effect.Effect<ProbeAnswer> =>
  Effect.promise(async (): Promise<ProbeAnswer> => {
    const endpoint = bidiEndpoint({ host: HOST, port })
    try {
      const browser = await bidiBrowser(endpoint, timeoutMs)
      const product = browser.name === undefined ? undefined : `${browser.name}${browser.version === undefined ? "" : `/${browser.version}`}`
      return {
        kind: "endpoint",
        endpoint: {
          port,
          http_endpoint: `http://${HOST}:${port}`,
          websocket_url: endpoint.webSocketUrl!,
          ...(product === undefined ? {} : { product }),
          protocol: "webdriver-bidi"
        }
      }
    } catch (error) {
      return error instanceof CdpError && error.kind === "unreachable" ? { kind: "no_answer" } : { kind: "not_devtools" }
    }
  })

export interface ProbeOutcome {
  readonly endpoint?: CdpEndpoint
  /** Something answered HTTP on the port, but not with a DevTools version body. */
  readonly responderWithoutDevtoolsBody: boolean
  readonly elapsedMs: number
}

/**
 * Asks every 100 ms until the endpoint answers or `budgetMs` is spent, or `alive()` turns false: DevTools'
 * /json/version for a Chromium-family app; for a Gecko one a BiDi session, and also where something answers HTTP
 * without a DevTools body (Firefox's server answers 404 there: a Gecko app behind a wrapper script).
 */
export const probeEndpoint = (port: number, budgetMs: number, alive: () => boolean, protocol: RemoteProtocol = "devtools"): Effect.Effect<ProbeOutcome> =>
  Effect.gen(function*() {
    const start = yield* Clock.currentTimeMillis
    let responder = false
    for (;;) {
      const devtools = protocol === "devtools" ? yield* askVersion(port) : undefined
      // A session starts once the browser's first window is ready: seconds after the port opens on a busy machine.
      const bidiMs = Math.max(REQUEST_TIMEOUT_MS, budgetMs - ((yield* Clock.currentTimeMillis) - start))
      const answer = devtools === undefined || devtools.kind === "not_devtools" ? yield* askBidi(port, bidiMs) : devtools
      if (devtools?.kind === "not_devtools") responder = true
      const elapsedMs = (yield* Clock.currentTimeMillis) - start
      if (answer.kind === "endpoint") return { endpoint: answer.endpoint, responderWithoutDevtoolsBody: responder, elapsedMs }
      if (answer.kind === "not_devtools") responder = true
      if (elapsedMs >= budgetMs || !alive()) return { responderWithoutDevtoolsBody: responder, elapsedMs }
      yield* Effect.sleep(PROBE_INTERVAL_MS)
    }
  })
