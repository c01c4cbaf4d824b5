import { CdpError } from "./CdpError.js"
import { NO_HOOKS, StepLog, type CdpStep, type DeliveryHooks } from "./Delivery.js"
import type { PageSession } from "./PageSession.js"

type Json = Record<string, unknown>

/** What an action does to one DOM node (the contract's semantic actions, as far as a page has them). */
export type PageAction =
  | { readonly kind: "click" }
  | { readonly kind: "focus" }
  | { readonly kind: "toggle" }
  | { readonly kind: "expand" }
  | { readonly kind: "collapse" }
  | { readonly kind: "scroll_to" }
  | { readonly kind: "set_value"; readonly value: string }
  | { readonly kind: "type"; readonly text: string }
  | { readonly kind: "clear" }
  | { readonly kind: "select"; readonly value: string }

const objectIdOf = async (session: PageSession, backendNodeId: number): Promise<string> => {
  try {
    const { object } = await session.call("DOM.resolveNode", { backendNodeId }) as { object?: { objectId?: string } }
    if (object?.objectId !== undefined) return object.objectId
  } catch (error) {
    if (!(error instanceof CdpError) || error.kind !== "protocol") throw error
  }
  throw new CdpError({ kind: "node_gone", message: `the page no longer has the element (DOM node ${backendNodeId})` })
}

/** Calls `fn` with `this` = the node; returns its JSON value. Page exceptions become not_actionable. */
const callOn = async (session: PageSession, objectId: string, fn: string, args: ReadonlyArray<unknown> = []): Promise<unknown> => {
  const answer = await session.call("Runtime.callFunctionOn", {
    objectId,
    functionDeclaration: fn,
    arguments: args.map((value) => ({ value })),
    returnByValue: true,
    awaitPromise: false
  }) as { result?: { value?: unknown }; exceptionDetails?: { text?: string; exception?: { description?: string } } }
  if (answer.exceptionDetails !== undefined) {
    throw new CdpError({ kind: "not_actionable", message: answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text ?? "the page threw" })
  }
  return answer.result?.value
}

/** The element's centre in viewport CSS pixels, after scrolling it into view; not_actionable when it has no box. */
const centreOf = async (session: PageSession, backendNodeId: number): Promise<{ x: number; y: number }> => {
  await session.call("DOM.scrollIntoViewIfNeeded", { backendNodeId }).catch((error: unknown) => {
    if (!(error instanceof CdpError) || error.kind !== "protocol") throw error
  })
  const { quads } = await session.call("DOM.getContentQuads", { backendNodeId }).catch((error: unknown) => {
    if (error instanceof CdpError && error.kind === "protocol") return { quads: [] }
    throw error
  }) as { quads?: Array<Array<number>> }
  const quad = (quads ?? []).find((q) => q.length === 8 && area(q) > 1)
  if (quad === undefined) throw new CdpError({ kind: "not_actionable", message: "the element has no box on the page (hidden, or not rendered)" })
  return { x: (quad[0]! + quad[2]! + quad[4]! + quad[6]!) / 4, y: (quad[1]! + quad[3]! + quad[5]! + quad[7]!) / 4 }
}

const area = (q: ReadonlyArray<number>) => Math.abs((q[2]! - q[0]!) * (q[5]! - q[1]!) - (q[4]! - q[0]!) * (q[3]! - q[1]!))

/**
 * The pointer check of a protocol click: the element the page hit-tests at the point is the target or inside it
 * (a dialog, an overlay or a sticky header over it would take the click instead).
 */
const assertHitsTarget = async (session: PageSession, backendNodeId: number, objectId: string, point: { x: number; y: number }) => {
  const hit = await session.call("DOM.getNodeForLocation", { x: Math.round(point.x), y: Math.round(point.y), includeUserAgentShadowDOM: true, ignorePointerEventsNone: true }) as { backendNodeId?: number }
  if (hit.backendNodeId === undefined || hit.backendNodeId === backendNodeId) return
  const hitObject = await objectIdOf(session, hit.backendNodeId)
  const contained = await session.call("Runtime.callFunctionOn", {
    objectId,
    functionDeclaration: "function(other) { for (let n = other; n; n = n.parentNode || n.host) if (n === this) return true; return false }",
    arguments: [{ objectId: hitObject }],
    returnByValue: true
  }) as { result?: { value?: unknown } }
  if (contained.result?.value === true) return
  const description = await callOn(session, hitObject, "function() { const e = this.nodeType === 1 ? this : this.parentElement; return e ? e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') : String(this.nodeName) }").catch(() => "another element")
  throw new CdpError({
    kind: "not_actionable",
    message: `the element is covered at its centre by ${String(description)}`,
    details: { kind: "covered", covered_by: description, point }
  })
}

const click = async (session: PageSession, backendNodeId: number, log: StepLog) => {
  const objectId = await objectIdOf(session, backendNodeId)
  const point = await centreOf(session, backendNodeId)
  await assertHitsTarget(session, backendNodeId, objectId, point)
  const mouse = (type: string, extra: Json = {}) => ({ type, x: point.x, y: point.y, button: "left", clickCount: 1, ...extra })
  await session.call("Input.dispatchMouseEvent", { type: "mouseMoved", x: point.x, y: point.y, button: "none" })
  await log.deliver("Input.dispatchMouseEvent(mousePressed)", () => session.call("Input.dispatchMouseEvent", mouse("mousePressed", { buttons: 1 })))
  await log.deliver("Input.dispatchMouseEvent(mouseReleased)", () => session.call("Input.dispatchMouseEvent", mouse("mouseReleased", { buttons: 0 })))
}

/** Text fields, text areas and contenteditable hosts; anything else refuses text. */
const EDIT_CHECK = `function() {
  const e = this;
  if (e.disabled) return "disabled";
  if (e.readOnly) return "read-only";
  const tag = e.tagName;
  if (tag === "TEXTAREA") return "text";
  if (tag === "INPUT") return ["button","submit","reset","checkbox","radio","file","image","color","hidden","range"].includes(e.type) ? "input of type " + e.type : "text";
  if (e.isContentEditable) return "editable";
  return "not a text field (" + tag.toLowerCase() + ")";
}`

const assertEditable = async (session: PageSession, objectId: string): Promise<"text" | "editable"> => {
  const kind = await callOn(session, objectId, EDIT_CHECK)
  if (kind === "text" || kind === "editable") return kind
  throw new CdpError({ kind: "not_actionable", message: `the element takes no text: ${String(kind)}` })
}

const focus = async (session: PageSession, backendNodeId: number, log: StepLog) => {
  await log.deliver("DOM.focus", () => session.call("DOM.focus", { backendNodeId }))
}

/** Whether the element holds the page's focus (inside shadow roots too). */
const hasFocus = async (session: PageSession, objectId: string) =>
  (await callOn(session, objectId, "function() { let a = document.activeElement; while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement; return a === this }")) === true

const caretAtEnd = (session: PageSession, objectId: string, kind: "text" | "editable") =>
  callOn(session, objectId, kind === "text"
    ? "function() { const n = this.value.length; try { this.setSelectionRange(n, n) } catch (e) {} }"
    : "function() { const r = document.createRange(); r.selectNodeContents(this); r.collapse(false); const s = getSelection(); s.removeAllRanges(); s.addRange(r) }")

/**
 * The caret to the end of an editable element's text: where typed text goes in when the field did not have the focus
 * (an element focused another way, such as AT-SPI's GrabFocus, keeps the caret where the page last left it).
 */
export const placeCaretAtEnd = async (session: PageSession, backendNodeId: number): Promise<void> => {
  const objectId = await objectIdOf(session, backendNodeId)
  await caretAtEnd(session, objectId, await assertEditable(session, objectId))
}

/**
 * Typing as a person types: focus (the caret goes to the end when the field did not have the focus), then
 * `Input.insertText`, which the page receives as trusted `beforeinput`/`input` events. No `change` yet: that comes
 * when the field is left, as it does for a person.
 */
const typeText = async (session: PageSession, backendNodeId: number, text: string, log: StepLog) => {
  const objectId = await objectIdOf(session, backendNodeId)
  const kind = await assertEditable(session, objectId)
  if (!(await hasFocus(session, objectId))) {
    await focus(session, backendNodeId, log)
    await caretAtEnd(session, objectId, kind)
  }
  if (text !== "") await log.deliver("Input.insertText", () => session.call("Input.insertText", { text }))
}

/**
 * Replacing the value: focus, select everything, insert the new text (an empty value deletes the selection with the
 * Delete key), then leave the field, so the page sees the `input` events and then its `change` (trusted: the
 * browser fires it when a field whose value changed loses the focus).
 */
const setValue = async (session: PageSession, backendNodeId: number, value: string, log: StepLog) => {
  const objectId = await objectIdOf(session, backendNodeId)
  const range = await callOn(session, objectId, "function() { return this.tagName === 'INPUT' && this.type === 'range' }")
  if (range === true) {
    // A slider takes no text: set it as its own keyboard would, with the events a slider's user causes.
    await log.deliver("Runtime.callFunctionOn(range value, input, change)", () => callOn(session, objectId,
      "function(v) { if (this.disabled) throw new Error('disabled'); this.value = v; this.dispatchEvent(new Event('input', {bubbles: true})); this.dispatchEvent(new Event('change', {bubbles: true})); return this.value }", [value]))
    return
  }
  const kind = await assertEditable(session, objectId)
  await focus(session, backendNodeId, log)
  await callOn(session, objectId, kind === "text"
    ? "function() { this.select() }"
    : "function() { const r = document.createRange(); r.selectNodeContents(this); const s = getSelection(); s.removeAllRanges(); s.addRange(r) }")
  if (value === "") {
    const key = { key: "Delete", code: "Delete", windowsVirtualKeyCode: 46, nativeVirtualKeyCode: 46 }
    await log.deliver("Input.dispatchKeyEvent(Delete)", async () => {
      await session.call("Input.dispatchKeyEvent", { type: "rawKeyDown", ...key })
      await session.call("Input.dispatchKeyEvent", { type: "keyUp", ...key })
    })
  } else {
    await log.deliver("Input.insertText", () => session.call("Input.insertText", { text: value }))
  }
  await log.deliver("Runtime.callFunctionOn(blur)", () => callOn(session, objectId, "function() { this.blur() }"))
}

/**
 * Choosing an option of a `<select>` (single or multiple) by its label, text or value (exact first, then ignoring
 * case), with the `input` and `change` events a person's choice fires; an ARIA listbox or combobox is handled by
 * the caller clicking the option node. Disabled options and unknown labels are refused with the options there are.
 */
const SELECT_OPTION = `function(wanted) {
  if (this.tagName !== "SELECT") return { error: "not_select" };
  if (this.disabled) return { error: "disabled" };
  const options = [...this.options];
  const label = (o) => (o.label || o.text || "").trim();
  const exact = options.filter((o) => label(o) === wanted || o.value === wanted);
  const folded = wanted.toLowerCase();
  const loose = exact.length > 0 ? exact : options.filter((o) => label(o).toLowerCase() === folded || o.value.toLowerCase() === folded);
  if (loose.length !== 1) return { error: loose.length === 0 ? "no_option" : "ambiguous", options: options.map(label) };
  const option = loose[0];
  if (option.disabled) return { error: "option_disabled", options: options.map(label) };
  if (this.multiple) option.selected = true; else this.value = option.value;
  this.dispatchEvent(new Event("input", { bubbles: true }));
  this.dispatchEvent(new Event("change", { bubbles: true }));
  return { selected: label(option) };
}`

const selectOption = async (session: PageSession, backendNodeId: number, value: string, log: StepLog) => {
  const objectId = await objectIdOf(session, backendNodeId)
  const isSelect = await callOn(session, objectId, "function() { return this.tagName === 'SELECT' && !this.disabled && [...this.options].length }")
  if (typeof isSelect !== "number") {
    throw new CdpError({ kind: "not_actionable", message: "not a select element: choose an option by clicking its node", details: { kind: "not_select" } })
  }
  const answer = await log.deliver(`Runtime.callFunctionOn(select option, input, change)`, () => callOn(session, objectId, SELECT_OPTION, [value])) as { error?: string; options?: Array<string>; selected?: string }
  if (answer.error !== undefined) {
    throw new CdpError({
      kind: "not_actionable",
      message: answer.error === "no_option" ? `no option '${value}'` : answer.error === "ambiguous" ? `several options are '${value}'` : `the ${answer.error === "disabled" ? "list" : "option"} is disabled`,
      details: { kind: answer.error, options: answer.options ?? [] }
    })
  }
}

/**
 * Performs one action on the DOM node `backendNodeId` of the page, reporting each message that may change the
 * page through `hooks` before it is sent. Fails with a CdpError carrying the steps so far.
 */
export const actOnNode = async (session: PageSession, backendNodeId: number, action: PageAction, hooks: DeliveryHooks = NO_HOOKS): Promise<ReadonlyArray<CdpStep>> => {
  const log = new StepLog(hooks)
  try {
    switch (action.kind) {
      case "click":
      case "toggle":
      case "expand":
      case "collapse":
        await click(session, backendNodeId, log)
        break
      case "focus":
        await objectIdOf(session, backendNodeId)
        await focus(session, backendNodeId, log)
        break
      case "scroll_to":
        await objectIdOf(session, backendNodeId)
        await log.deliver("DOM.scrollIntoViewIfNeeded", () => session.call("DOM.scrollIntoViewIfNeeded", { backendNodeId }))
        break
      case "type":
        await typeText(session, backendNodeId, action.text, log)
        break
      case "set_value":
        await setValue(session, backendNodeId, action.value, log)
        break
      case "clear":
        await setValue(session, backendNodeId, "", log)
        break
      case "select":
        await selectOption(session, backendNodeId, action.value, log)
        break
    }
    return log.steps
  } catch (error) {
    if (error instanceof CdpError) throw withSteps(error, log.steps)
    throw new CdpError({ kind: "not_actionable", message: error instanceof Error ? error.message : String(error), steps: log.steps })
  }
}

const withSteps = (error: CdpError, steps: ReadonlyArray<CdpStep>): CdpError =>
  new CdpError({
    kind: error.kind,
    message: error.message,
    ...(error.sent === undefined ? {} : { sent: error.sent }),
    ...(error.method === undefined ? {} : { method: error.method }),
    ...(error.code === undefined ? {} : { code: error.code }),
    ...(error.details === undefined ? {} : { details: error.details }),
    steps
  })
