import { CdpError } from "./CdpError.js"
import type { CdpConnection } from "./CdpConnection.js"

type Json = Record<string, unknown>

/** A page target of the browser, as `Target.getTargets` lists it. */
export interface PageTarget {
  readonly targetId: string
  readonly title: string
  readonly url: string
}

/** A flat session on one page: every call carries its `sessionId` over the browser's one connection. */
export interface PageSession {
  readonly connection: CdpConnection
  readonly targetId: string
  readonly sessionId: string
  /** Deadline-bounded call in this session. */
  readonly call: (method: string, params?: Json, timeoutMs?: number) => Promise<Json>
}

/** The browser's page targets (tabs and app windows; not its own UI, workers or extensions). */
export const pageTargets = async (connection: CdpConnection, timeoutMs: number): Promise<ReadonlyArray<PageTarget>> => {
  const { targetInfos } = await connection.send("Target.getTargets", {}, { timeoutMs }) as { targetInfos?: Array<Json> }
  return (targetInfos ?? [])
    .filter((info) => info["type"] === "page")
    .map((info) => ({ targetId: String(info["targetId"]), title: String(info["title"] ?? ""), url: String(info["url"] ?? "") }))
}

/** Attaches a flat session to a page target. */
export const attachPage = async (connection: CdpConnection, targetId: string, timeoutMs: number): Promise<PageSession> => {
  const { sessionId } = await connection.send("Target.attachToTarget", { targetId, flatten: true }, { timeoutMs }) as { sessionId?: string }
  if (typeof sessionId !== "string") throw new CdpError({ kind: "no_page", message: `page ${targetId} could not be attached` })
  return {
    connection,
    targetId,
    sessionId,
    call: (method, params = {}, callTimeout = timeoutMs) => connection.send(method, params, { sessionId, timeoutMs: callTimeout })
  }
}

/**
 * The page a browser window shows. Chromium titles its windows "<page title> - <browser>" (an Electron app's
 * window carries the page title as is), so the page whose title the window title starts with wins; several
 * (tabs of the same title) are told apart by which one is visible. A window title that names no page (a page
 * without a title shows its URL) falls back to the only page, or the only visible one.
 */
export const pageForWindow = async (connection: CdpConnection, windowTitle: string, timeoutMs: number): Promise<PageTarget> => {
  const pages = await pageTargets(connection, timeoutMs)
  if (pages.length === 0) throw new CdpError({ kind: "no_page", message: "the browser has no page open" })
  const titled = pages.filter((page) => page.title !== "" && (windowTitle === page.title || windowTitle.startsWith(`${page.title} - `) || windowTitle.startsWith(`${page.title} – `)))
  const candidates = titled.length > 0 ? titled : pages
  if (candidates.length === 1) return candidates[0]!
  const visible: Array<PageTarget> = []
  for (const page of candidates) {
    const session = await attachPage(connection, page.targetId, timeoutMs)
    try {
      const { result } = await session.call("Runtime.evaluate", { expression: "document.visibilityState", returnByValue: true }) as { result?: { value?: unknown } }
      if (result?.value === "visible") visible.push(page)
    } finally {
      await detach(session)
    }
  }
  if (visible.length === 1) return visible[0]!
  throw new CdpError({
    kind: "no_page",
    message: `the window '${windowTitle}' matches ${visible.length === 0 ? "no visible" : visible.length} page${visible.length === 1 ? "" : "s"} of ${candidates.length}`,
    details: { pages: candidates.map((page) => page.title) }
  })
}

export const detach = async (session: PageSession): Promise<void> => {
  if (session.connection.closed) return
  await session.connection.send("Target.detachFromTarget", { sessionId: session.sessionId }, { timeoutMs: 2_000 }).catch(() => undefined)
}
