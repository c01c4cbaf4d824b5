import { CdpConnection } from "./CdpConnection.js"
import { CdpError } from "./CdpError.js"
import { browserVersion } from "./Discovery.js"
import type { Endpoint } from "./Loopback.js"
import { attachPage, pageForWindow, type PageSession } from "./PageSession.js"

/**
 * One browser behind a loopback DevTools endpoint: one WebSocket to its browser target, one flat session per page
 * used, kept until `close()` (a warm host keeps them across calls; a one-shot call closes them before it exits).
 * A session whose page went away is dropped and attached again on the next use.
 */
export class CdpBrowser {
  private readonly sessions = new Map<string, PageSession>()

  private constructor(readonly endpoint: Endpoint, readonly connection: CdpConnection, readonly product: string | undefined) {
    connection.onEvent((event) => {
      if (event.method === "Target.detachedFromTarget" && typeof event.params["sessionId"] === "string") {
        for (const [targetId, session] of this.sessions) if (session.sessionId === event.params["sessionId"]) this.sessions.delete(targetId)
      }
    })
  }

  static connect = async (endpoint: Endpoint, timeoutMs: number): Promise<CdpBrowser> => {
    const version = endpoint.webSocketUrl === undefined ? await browserVersion(endpoint, timeoutMs) : { webSocketUrl: endpoint.webSocketUrl }
    const connection = await CdpConnection.open(version.webSocketUrl, timeoutMs)
    return new CdpBrowser(endpoint, connection, "product" in version ? version.product : undefined)
  }

  get closed(): boolean {
    return this.connection.closed
  }

  /** A session on the page target `targetId`. */
  page = async (targetId: string, timeoutMs: number): Promise<PageSession> => {
    const known = this.sessions.get(targetId)
    if (known !== undefined) return known
    const session = await attachPage(this.connection, targetId, timeoutMs).catch((error: unknown) => {
      if (error instanceof CdpError && error.kind === "protocol") {
        throw new CdpError({ kind: "no_page", message: `the page (target ${targetId}) is gone`, details: { kind: "page_gone", target_id: targetId } })
      }
      throw error
    })
    this.sessions.set(targetId, session)
    return session
  }

  /** The page a window of this browser shows (by its title; the visible tab among same-titled ones). */
  pageForWindow = async (windowTitle: string, timeoutMs: number): Promise<PageSession> =>
    this.page((await pageForWindow(this.connection, windowTitle, timeoutMs)).targetId, timeoutMs)

  close = (): void => {
    this.sessions.clear()
    this.connection.close()
  }
}
