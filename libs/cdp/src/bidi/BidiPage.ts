import { CdpError } from "../CdpError.js"
import { StepLog, type CdpStep, type DeliveryHooks } from "../Delivery.js"
import type { Endpoint } from "../Loopback.js"
import { BidiConnection } from "./BidiConnection.js"
import type { FieldDescription } from "./FieldRoles.js"
import { keyActionsOfText, keyPress, performKeys, WEBDRIVER_KEYS } from "./KeyActions.js"

type Json = Record<string, unknown>

/** A WebDriver BiDi session on one browser: Firefox serves one at a time, so each use starts one and ends it. */
export interface BidiSession {
  readonly connection: BidiConnection
  /** `browserName`/`browserVersion` of the session's capabilities (`firefox`, `153.8.0`). */
  readonly browserName?: string
  readonly browserVersion?: string
  /** Ends the session (`session.end`) and closes the connection; never fails. */
  readonly end: () => Promise<void>
}

/**
 * Connects to `endpoint`'s BiDi WebSocket and starts a session (`session.new`, no capabilities asked). Firefox
 * refuses a second session while another client holds one (`session not created`): that client has the browser.
 */
export const openBidiSession = async (endpoint: Endpoint, timeoutMs: number): Promise<BidiSession> => {
  const url = endpoint.webSocketUrl ?? `ws://${endpoint.host}:${endpoint.port}/session`
  const connection = await BidiConnection.open(url, timeoutMs)
  let started: Json
  try {
    started = await connection.send("session.new", { capabilities: {} }, timeoutMs)
  } catch (error) {
    connection.close()
    throw error
  }
  const capabilities = (started["capabilities"] ?? {}) as Json
  const end = async () => {
    await connection.send("session.end", {}, Math.min(timeoutMs, 2_000)).catch(() => undefined)
    connection.close()
  }
  return {
    connection,
    ...(typeof capabilities["browserName"] === "string" ? { browserName: capabilities["browserName"] } : {}),
    ...(typeof capabilities["browserVersion"] === "string" ? { browserVersion: capabilities["browserVersion"] } : {}),
    end
  }
}

/** The browser's name and version, from a session started and ended at once (how `launch --cdp` reports Firefox). */
export const bidiBrowser = async (endpoint: Endpoint, timeoutMs: number): Promise<{ readonly name?: string; readonly version?: string }> => {
  const session = await openBidiSession(endpoint, timeoutMs)
  await session.end()
  return { ...(session.browserName === undefined ? {} : { name: session.browserName }), ...(session.browserVersion === undefined ? {} : { version: session.browserVersion }) }
}

/** A function's result in `context` (`script.callFunction`); a page exception is a `protocol` failure. */
const call = async (session: BidiSession, context: string, functionDeclaration: string, timeoutMs: number): Promise<Json | undefined> => {
  const answer = await session.connection.send("script.callFunction", {
    functionDeclaration, target: { context }, awaitPromise: false, resultOwnership: "none", userActivation: false
  }, timeoutMs)
  if (answer["type"] === "exception") {
    const details = (answer["exceptionDetails"] ?? {}) as Json
    throw new CdpError({ kind: "protocol", message: `the page's script failed: ${String(details["text"] ?? "exception")}`, sent: true, method: "script.callFunction" })
  }
  return answer["result"] as Json | undefined
}

const stringResult = (result: Json | undefined): string | undefined =>
  result?.["type"] === "string" && typeof result["value"] === "string" ? result["value"] : undefined

/**
 * The top-level browsing context a window titled `windowTitle` shows: its document's title is the window's title up to
 * the browser's own suffix (Firefox: `Page — Mozilla Firefox`), and it is the tab shown (visible) where several match.
 */
export const contextOfWindow = async (session: BidiSession, windowTitle: string, timeoutMs: number): Promise<string> => {
  const tree = await session.connection.send("browsingContext.getTree", { maxDepth: 0 }, timeoutMs)
  const contexts = ((tree["contexts"] ?? []) as Array<Json>).map((c) => c["context"]).filter((c): c is string => typeof c === "string")
  const pages = await Promise.all(contexts.map(async (context) => {
    const text = stringResult(await call(session, context, "function() { return JSON.stringify([document.title, document.visibilityState]) }", timeoutMs).catch(() => undefined))
    const [title, visibility] = text === undefined ? [undefined, undefined] : JSON.parse(text) as [string, string]
    return { context, title, visible: visibility === "visible" }
  }))
  const matching = pages.filter((page) => page.title !== undefined && titleMatches(windowTitle, page.title))
  const chosen = matching.length > 1 ? matching.filter((page) => page.visible) : matching
  if (chosen.length === 1) return chosen[0]!.context
  throw new CdpError({
    kind: "no_page",
    message: chosen.length === 0
      ? `no page of the browser's ${contexts.length} tabs is titled as the window '${windowTitle}'`
      : `${chosen.length} shown pages are titled as the window '${windowTitle}'`,
    details: { window_title: windowTitle, pages: pages.map((page) => page.title ?? "") }
  })
}

/** A window's title shows its page's title, alone or before a separator and the browser's name. */
export const titleMatches = (windowTitle: string, pageTitle: string): boolean => {
  if (pageTitle === "") return false
  if (windowTitle === pageTitle) return true
  return [" — ", " - ", " – "].some((separator) => windowTitle.startsWith(pageTitle + separator))
}

/**
 * The element holding the page's focus, through open shadow roots and same-origin frames (a cross-origin frame's
 * element is the frame itself), as the script in each function below finds it; none when the focus is on the body.
 */
const DEEP_FOCUS = `const deepFocus = () => {
  let element = document.activeElement
  for (;;) {
    if (element && element.shadowRoot && element.shadowRoot.activeElement) { element = element.shadowRoot.activeElement; continue }
    if (element && (element.localName === "iframe" || element.localName === "frame")) {
      let inner
      try { inner = element.contentDocument } catch (e) { inner = null }
      if (inner && inner.activeElement && inner.activeElement !== inner.body) { element = inner.activeElement; continue }
    }
    break
  }
  return !element || element === element.ownerDocument.body || element === element.ownerDocument.documentElement ? null : element
};`

const FOCUSED_FIELD = `function() { ${DEEP_FOCUS}
  const e = deepFocus()
  if (e === null) return null
  return [e, JSON.stringify({ tag: e.localName, type: e.localName === "input" ? e.type : undefined, role: e.getAttribute("role") || undefined,
    contentEditable: e.isContentEditable === true, hasList: e.localName === "input" && e.list !== null && e.list !== undefined })]
}`

/** The focused element: its node's shared id (stable while the node lives) and what it is; undefined for none. */
export const focusedField = async (session: BidiSession, context: string, timeoutMs: number): Promise<{ readonly sharedId?: string; readonly field: FieldDescription } | undefined> => {
  const result = await call(session, context, FOCUSED_FIELD, timeoutMs)
  if (result?.["type"] !== "array") return undefined
  const [node, description] = result["value"] as [Json, Json]
  const text = stringResult(description)
  if (text === undefined) return undefined
  return { ...(typeof node["sharedId"] === "string" ? { sharedId: node["sharedId"] } : {}), field: JSON.parse(text) as FieldDescription }
}

/** The caret after the focused field's text (focus given from outside may leave it at the start, or select all). */
export const placeCaretAtEnd = (session: BidiSession, context: string, timeoutMs: number): Promise<unknown> =>
  call(session, context, `function() { ${DEEP_FOCUS}
    const e = deepFocus()
    if (e === null) return
    if (typeof e.value === "string" && typeof e.setSelectionRange === "function") { try { e.setSelectionRange(e.value.length, e.value.length); return } catch (x) {} }
    if (e.isContentEditable) { const r = e.ownerDocument.createRange(); r.selectNodeContents(e); r.collapse(false); const s = e.ownerDocument.getSelection(); s.removeAllRanges(); s.addRange(r) }
  }`, timeoutMs)

const SELECT_ALL = `function() { ${DEEP_FOCUS}
  const e = deepFocus()
  if (e === null) return
  if (typeof e.select === "function") { e.select(); return }
  const r = e.ownerDocument.createRange(); r.selectNodeContents(e); const s = e.ownerDocument.getSelection(); s.removeAllRanges(); s.addRange(r)
}`

const BLUR = `function() { ${DEEP_FOCUS} const e = deepFocus(); if (e !== null) e.blur() }`

/** What goes into the focused field: typed at the caret, or its whole value replaced (an empty one: cleared). */
export type FieldText = { readonly kind: "type"; readonly text: string } | { readonly kind: "set_value"; readonly value: string } | { readonly kind: "clear" }

/**
 * Text into the field holding the focus of `context`, as key actions (trusted key, beforeinput and input events).
 * Replacing selects the field's content first and leaves the field after, so the page gets its `change` (trusted,
 * fired by the browser when a field whose value changed loses the focus), as the DevTools route does. Every message
 * that may change the page goes through `hooks` first; keys left pressed by a failed send are released.
 */
export const enterFieldText = async (session: BidiSession, context: string, text: FieldText, hooks: DeliveryHooks, timeoutMs: number): Promise<ReadonlyArray<CdpStep>> => {
  const log = new StepLog(hooks)
  const keys = async (label: string, actions: ReturnType<typeof keyActionsOfText>) => {
    try {
      await log.deliver(label, () => session.connection.send("input.performActions", performKeys(context, actions), timeoutMs))
    } catch (error) {
      await session.connection.send("input.releaseActions", { context }, 1_000).catch(() => undefined)
      throw error
    }
  }
  try {
    if (text.kind === "type") {
      if (text.text !== "") await keys("input.performActions", keyActionsOfText(text.text))
      return log.steps
    }
    await call(session, context, SELECT_ALL, timeoutMs)
    const value = text.kind === "set_value" ? text.value : ""
    if (value === "") await keys("input.performActions(Delete)", keyPress(WEBDRIVER_KEYS.delete))
    else await keys("input.performActions", keyActionsOfText(value))
    await log.deliver("script.callFunction(blur)", () => call(session, context, BLUR, timeoutMs))
    return log.steps
  } catch (error) {
    if (error instanceof CdpError) {
      throw new CdpError({
        kind: error.kind,
        message: error.message,
        ...(error.sent === undefined ? {} : { sent: error.sent }),
        ...(error.method === undefined ? {} : { method: error.method }),
        ...(error.details === undefined ? {} : { details: error.details }),
        steps: log.steps
      })
    }
    throw error
  }
}
