/**
 * The `cdp` source: Chromium/Electron pages read and acted on through their DevTools endpoint (@agent-desktop/cdp).
 * One browser connection per endpoint, kept until `close()` (a warm host keeps them across calls). A window's
 * endpoint is one the user named in `AGENT_DESKTOP_CDP` whose browser process is the window's, else the one its
 * process was started with (`launch --cdp`, or `--remote-debugging-port` by hand). Loopback only, always.
 */
import {
  actOnNode, CdpBrowser, CdpError, OPAQUE_ROLES, endpointOfProcess, identifyNode, liveNode, parseEndpoint, readPage,
  type CdpNode, type DeliveryHooks, type Endpoint, type LiveCdpNode, type PageAction, type PageSession
} from "@agent-desktop/cdp"
import type { Role } from "@agent-desktop/contracts"
import { PlatformError, type DeliveryStep, type ObservedNode, type WindowInfo } from "@agent-desktop/platform"
import { cdpHandle, type CdpHandle } from "./SourceHandle.js"

const CONNECT_MS = 3_000

const keyOf = (endpoint: Endpoint) => `${endpoint.host}:${endpoint.port}`

/** A CdpError as the platform error the engine folds: delivery follows the steps it carries. */
export const platformErrorOf = (error: unknown, what: string, source: "cdp" | "bidi" = "cdp"): PlatformError => {
  if (!(error instanceof CdpError)) {
    return new PlatformError({ code: "INTERNAL", message: `${what}: ${error instanceof Error ? error.message : String(error)}` })
  }
  const steps = error.steps ?? []
  const details = { source, cdp_error: error.kind, ...(error.details ?? {}) }
  switch (error.kind) {
    case "not_loopback":
      return new PlatformError({ code: "POLICY_DENIED", message: error.message, details: { ...details, kind: "cdp_not_loopback" }, steps, suggestion: "Start the browser with --remote-debugging-address=127.0.0.1 (its default), or name an endpoint on this machine's loopback" })
    case "node_gone":
    case "identity_changed":
      return new PlatformError({ code: "ELEMENT_NOT_FOUND", message: error.message, details, steps })
    case "timeout":
      return new PlatformError({ code: "TIMEOUT", message: `${what}: ${error.message}`, details: { ...details, kind: "cdp_timeout", sent: error.sent === true }, steps })
    case "closed":
    case "unreachable":
      return new PlatformError({
        code: "ACTION_FAILED",
        message: `${what}: ${error.message}`,
        details: { ...details, kind: "cdp_connection_closed", sent: error.sent === true },
        steps,
        suggestion: "The browser or its page went away: check that the app still runs, then take a fresh snapshot"
      })
    case "no_page":
      return new PlatformError({ code: "WINDOW_NOT_FOUND", message: error.message, details, steps })
    case "not_actionable":
    case "protocol":
      return new PlatformError({ code: "ACTION_FAILED", message: `${what}: ${error.message}`, details: { ...details, kind: error.details?.["kind"] ?? "cdp_not_actionable" }, steps })
  }
}

/** The page's tree as observed nodes under `basePath`, each with a `cdp:` handle. */
export const observedOf = (node: CdpNode, endpoint: string, targetId: string, path: ReadonlyArray<number>): ObservedNode => {
  const children = node.children.map((child, index) => observedOf(child, endpoint, targetId, [...path, index]))
  return {
    role: node.role as Role,
    source: "cdp",
    ...(node.name === undefined ? {} : { name: node.name }),
    ...(node.value === undefined ? {} : { value: node.value }),
    ...(node.description === undefined ? {} : { description: node.description }),
    states: node.states,
    actions: node.actions,
    ...(OPAQUE_ROLES.has(node.chromiumRole) && children.length === 0 ? { drawn: true } : {}),
    path,
    handle: node.backendNodeId === undefined
      ? `cdp-text:${JSON.stringify([endpoint, targetId, path])}`
      : cdpHandle({ endpoint, targetId, frameId: node.frameId, loaderId: node.loaderId, backendNodeId: node.backendNodeId }),
    childCount: children.length,
    children
  }
}

/** What `readWindow` answers: the page's nodes, and the endpoint that served them. */
export interface CdpRead {
  readonly root: ObservedNode
  readonly endpoint: string
  readonly nodes: number
}

export class CdpSource {
  private readonly browsers = new Map<string, Promise<CdpBrowser>>()

  constructor(private readonly env: Readonly<Record<string, string | undefined>> = process.env) {}

  /** Endpoints the user named (`AGENT_DESKTOP_CDP`, comma-separated); one off loopback is refused, not skipped. */
  private named(): ReadonlyArray<Endpoint> {
    const text = this.env["AGENT_DESKTOP_CDP"]
    if (text === undefined || text.trim() === "") return []
    return text.split(",").map((part) => parseEndpoint(part))
  }

  private browser(endpoint: Endpoint): Promise<CdpBrowser> {
    const key = keyOf(endpoint)
    const known = this.browsers.get(key)
    if (known !== undefined) {
      return known.then((browser) => {
        if (!browser.closed) return browser
        this.browsers.delete(key)
        return this.browser(endpoint)
      })
    }
    const opening = CdpBrowser.connect(endpoint, CONNECT_MS)
    this.browsers.set(key, opening)
    opening.catch(() => this.browsers.delete(key))
    return opening
  }

  /**
   * The endpoint serving `window`'s process, or undefined when it has none. A named endpoint counts when its
   * browser process (`SystemInfo.getProcessInfo`) is the window's; else the process's own command line decides.
   */
  endpointFor = async (window: Pick<WindowInfo, "pid">): Promise<Endpoint | undefined> => {
    for (const endpoint of this.named()) {
      try {
        const browser = await this.browser(endpoint)
        const info = await browser.connection.send("SystemInfo.getProcessInfo", {}, { timeoutMs: CONNECT_MS }) as { processInfo?: Array<{ type?: string; id?: number }> }
        if ((info.processInfo ?? []).some((process) => process.type === "browser" && process.id === window.pid)) return endpoint
      } catch (error) {
        if (error instanceof CdpError && error.kind === "not_loopback") throw error
      }
    }
    const own = endpointOfProcess(window.pid, this.env)
    if (own.kind === "not_loopback") {
      throw new CdpError({ kind: "not_loopback", message: `the app's DevTools endpoint listens on ${own.address}, not on loopback: agent-desktop does not use it`, details: { host: own.address } })
    }
    return own.kind === "endpoint" ? own.endpoint : undefined
  }

  private page = async (window: Pick<WindowInfo, "title">, endpoint: Endpoint, timeoutMs: number): Promise<PageSession> =>
    (await this.browser(endpoint)).pageForWindow(window.title, timeoutMs)

  /**
   * The page a window titled `title` of the process `pid` shows, through that process's DevTools endpoint;
   * undefined when the process has none (or its browser shows no such page).
   */
  pageOfProcess = async (pid: number, title: string, timeoutMs: number): Promise<PageSession | undefined> => {
    const endpoint = await this.endpointFor({ pid })
    if (endpoint === undefined) return undefined
    return this.page({ title }, endpoint, timeoutMs)
  }

  /** The page `window` shows, read whole, its root at `basePath`; undefined when the window has no endpoint. */
  readWindow = async (window: WindowInfo, basePath: ReadonlyArray<number>, timeoutMs: number): Promise<CdpRead | undefined> => {
    const endpoint = await this.endpointFor(window)
    if (endpoint === undefined) return undefined
    const session = await this.page(window, endpoint, timeoutMs)
    const read = await readPage(session)
    return { root: observedOf(read.root, keyOf(endpoint), session.targetId, basePath), endpoint: keyOf(endpoint), nodes: read.axNodes }
  }

  private session = async (handle: CdpHandle, timeoutMs: number): Promise<PageSession> => {
    const [host, port] = [handle.endpoint.slice(0, handle.endpoint.lastIndexOf(":")), Number(handle.endpoint.slice(handle.endpoint.lastIndexOf(":") + 1))]
    const browser = await this.browser({ host: host!, port })
    return browser.page(handle.targetId, timeoutMs)
  }

  /** Re-identifies a saved node by its own rules (document, DOM node, role and name). */
  identify = async (handle: CdpHandle, role: string, name: string | undefined, timeoutMs: number): Promise<LiveCdpNode> =>
    identifyNode(await this.session(handle, timeoutMs), {
      backendNodeId: handle.backendNodeId, frameId: handle.frameId, loaderId: handle.loaderId, role, ...(name === undefined ? {} : { name })
    })

  act = async (handle: CdpHandle, action: PageAction, hooks: DeliveryHooks, timeoutMs: number): Promise<ReadonlyArray<DeliveryStep>> =>
    actOnNode(await this.session(handle, timeoutMs), handle.backendNodeId, action, hooks)

  state = async (handle: CdpHandle, timeoutMs: number): Promise<LiveCdpNode> =>
    liveNode(await this.session(handle, timeoutMs), handle.backendNodeId)

  close = async (): Promise<void> => {
    const all = [...this.browsers.values()]
    this.browsers.clear()
    for (const opening of all) await opening.then((browser) => browser.close(), () => undefined)
  }
}
