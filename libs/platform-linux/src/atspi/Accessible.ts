/** Typed reads and calls on one AT-SPI object; each is one D-Bus message. */
import { DbusCallError } from "../dbus/DbusCallError.js"
import { variantValue } from "../dbus/DbusConnection.js"
import { genericProfile } from "../toolkits/generic/profile.js"
import type { ToolkitProfile } from "../toolkits/ToolkitProfile.js"
import { actionAlias } from "../toolkits/actionAlias.js"
import type { AtspiSession, ObjectRef } from "./AtspiSession.js"
import type { CacheItem } from "./CacheItem.js"
import { decodeCacheItems, DecodedCacheItems } from "./CacheItemDecoder.js"
import { Iface, Paths, shortInterface } from "./Interfaces.js"
import { StateSet } from "./States.js"

export interface Extents {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export interface ActionInfo {
  /** Lower-case, non-localised where the toolkit provides it. */
  readonly name: string
}

export type { CacheItem } from "./CacheItem.js"

const toRef = (value: unknown): ObjectRef => {
  const [busName, path] = (Array.isArray(value) ? value : []) as [unknown, unknown]
  return { busName: String(busName ?? ""), path: String(path ?? Paths.null) }
}

export const isNullRef = (ref: ObjectRef): boolean => ref.path === Paths.null || ref.busName === ""

/** Names as an agent types them: toolkits pad labels ("Save As...      ", LibreOffice 7.4 menus). */
export const cleanName = (name: string): string => name.trim()

/** U+FFFC stands for an embedded child object (Chromium 156 form fields, Firefox): never text of its own. */
export const cleanText = (text: string): string => {
  const objectless = text.includes("\ufffc") ? text.replace(/\ufffc/g, "") : text
  // Gecko counts text offsets in UTF-16 units and pads each character beyond the BMP with U+FEFF in its ATK text, so
  // an emoji typed as one character reads back as two: the pad is not the app's text.
  return objectless.includes("\ufeff") ? objectless.replace(/([\u{10000}-\u{10FFFF}])\ufeff/gu, "$1") : objectless
}

/** The body of a call on index 0 (GetName(0) on every node of a browser page), shared. */
const firstIndex: ReadonlyArray<unknown> = [0]

/** ATSPI_RELATION_LABELLED_BY. */
const relationLabelFor = 1
const relationLabelledBy = 2
/** ATSPI_RELATION_DESCRIBED_BY. */
const relationDescribedBy = 18

/** GetExtents' coordinate type: ATSPI_COORD_TYPE_SCREEN. */
const screenCoords: ReadonlyArray<unknown> = [0]

/** An a{ss} as the codec hands it (an array of [key, value] pairs, or an object). */
const attributeRecord = (entries: unknown): Record<string, string> => {
  const pairs = Array.isArray(entries) ? entries as ReadonlyArray<readonly [unknown, unknown]> : Object.entries(entries ?? {})
  return Object.fromEntries(pairs.map(([key, value]) => [String(key), String(value ?? "")]))
}

const firstVariantValue = (values: ReadonlyArray<unknown>): unknown => variantValue(values[0])

/** Action names GetActions returns that are no names at all (Firefox ESR 153: ";;"). */
const usableActionName = (name: string): boolean => /^[\x20-\x7e]+$/.test(name) && !name.includes(";")

export class Accessible {
  constructor(
    private readonly session: AtspiSession,
    readonly ref: ObjectRef,
    readonly profile: ToolkitProfile = genericProfile
  ) {}

  /** An object read with its app's toolkit profile as far as it is known (ask `session.toolkits` first). */
  static of(session: AtspiSession, ref: ObjectRef): Accessible {
    return new Accessible(session, ref, session.toolkits.profileNow(ref.busName))
  }

  /** Another object of the same app, read with the same toolkit profile. */
  sibling(path: string): Accessible {
    return new Accessible(this.session, { busName: this.ref.busName, path }, this.profile)
  }

  /** Not async: the session's promise is returned as is (one promise and one tick fewer per call of a read). */
  private call(iface: string, member: string, timeoutMs: number, signature?: string, body?: ReadonlyArray<unknown>): Promise<ReadonlyArray<unknown>> {
    return this.session.call(this.ref, signature === undefined
      ? { interface: iface, member }
      : { interface: iface, member, signature, body: body ?? [] }, timeoutMs)
  }

  private property(iface: string, name: string, timeoutMs: number): Promise<unknown> {
    return this.call(Iface.properties, "Get", timeoutMs, "ss", [iface, name]).then(firstVariantValue)
  }

  role(timeoutMs: number): Promise<number> {
    return this.call(Iface.accessible, "GetRole", timeoutMs).then(([role]) => Number(role))
  }

  states(timeoutMs: number): Promise<StateSet> {
    return this.call(Iface.accessible, "GetState", timeoutMs).then(([words]) => StateSet.from(words))
  }

  interfaces(timeoutMs: number): Promise<ReadonlyArray<string>> {
    return this.call(Iface.accessible, "GetInterfaces", timeoutMs)
      .then(([names]) => ((names ?? []) as ReadonlyArray<string>).map(shortInterface))
  }

  children(timeoutMs: number): Promise<ReadonlyArray<ObjectRef>> {
    return this.call(Iface.accessible, "GetChildren", timeoutMs)
      .then(([refs]) => ((refs ?? []) as ReadonlyArray<unknown>).map(toRef))
  }

  async name(timeoutMs: number): Promise<string> {
    return cleanName(String((await this.property(Iface.accessible, "Name", timeoutMs)) ?? ""))
  }

  async parent(timeoutMs: number): Promise<ObjectRef> {
    return toRef(await this.property(Iface.accessible, "Parent", timeoutMs))
  }

  /**
   * Name, Description and ChildCount: one `GetAll` where the toolkit answers it safely, else one `Get` each (what
   * pyatspi sends; GetAll on a Qt 5.15 object segfaults the app).
   */
  async basics(timeoutMs: number): Promise<{ name: string; description: string; childCount: number }> {
    if (!this.profile.getAllSafe) {
      const [name, description, childCount] = await Promise.all([
        this.property(Iface.accessible, "Name", timeoutMs),
        this.property(Iface.accessible, "Description", timeoutMs),
        this.property(Iface.accessible, "ChildCount", timeoutMs)
      ])
      return { name: cleanName(String(name ?? "")), description: String(description ?? "").trim(), childCount: Number(childCount ?? 0) }
    }
    const [dict] = await this.call(Iface.properties, "GetAll", timeoutMs, "s", [Iface.accessible])
    const props = new Map<string, unknown>()
    for (const entry of (dict ?? []) as ReadonlyArray<[string, unknown]>) props.set(entry[0], variantValue(entry[1]))
    return {
      name: cleanName(String(props.get("Name") ?? "")),
      description: String(props.get("Description") ?? "").trim(),
      childCount: Number(props.get("ChildCount") ?? 0)
    }
  }

  /** The live child count (GTK 3 menus answer -1: unknown). */
  async childCount(timeoutMs: number): Promise<number> {
    return Number(await this.property(Iface.accessible, "ChildCount", timeoutMs) ?? 0)
  }

  async childAtIndex(index: number, timeoutMs: number): Promise<ObjectRef> {
    const [ref] = await this.call(Iface.accessible, "GetChildAtIndex", timeoutMs, "i", [index])
    return toRef(ref)
  }

  /** The deepest object at a screen point (bounded look-ups inside containers that manage their descendants). */
  async accessibleAtPoint(x: number, y: number, timeoutMs: number): Promise<ObjectRef> {
    const [ref] = await this.call(Iface.component, "GetAccessibleAtPoint", timeoutMs, "iiu", [x, y, 0])
    return toRef(ref)
  }

  async indexInParent(timeoutMs: number): Promise<number> {
    const [index] = await this.call(Iface.accessible, "GetIndexInParent", timeoutMs)
    return Number(index)
  }

  extents(timeoutMs: number): Promise<Extents | undefined> {
    return this.call(Iface.component, "GetExtents", timeoutMs, "u", screenCoords).then(([box]) => {
      const [x, y, width, height] = (box ?? []) as [number, number, number, number]
      // Hidden GTK3 menu items report G_MININT; a Swing frame through the Java ATK wrapper reports -1,-1,-1,-1 (no
      // size: unknown, or every pointer target in it failed the inside-window check).
      if (x === undefined || x <= -2147483648 || y <= -2147483648 || width < 0 || height < 0) return undefined
      return { x, y, width, height }
    })
  }

  /** Every action's name; `role` (the object's) lets role and item aliases apply (toolkits/actionAlias.ts). */
  async actions(timeoutMs: number, role?: number): Promise<ReadonlyArray<ActionInfo>> {
    const [list] = await this.call(Iface.action, "GetActions", timeoutMs)
    const entries = (list ?? []) as ReadonlyArray<[string, string, string]>
    return Promise.all(entries.map(async ([localised], index) => {
      // GetActions names are localised, sometimes empty, and in some toolkits no names at all; GetName(i) is the
      // toolkit's own name.
      if (!this.profile.actionNamesFromGetName && localised && usableActionName(localised)) {
        return { name: this.actionAlias(localised.toLowerCase(), role) }
      }
      return { name: await this.actionNameAt(index, timeoutMs, role) }
    }))
  }

  private actionAlias(name: string, role: number | undefined): string {
    return actionAlias(this.profile, name, role)
  }

  /** `GetName(index)`, lower-cased and mapped through the toolkit's aliases ("" when the action has no name). */
  private actionNameAt(index: number, timeoutMs: number, role?: number): Promise<string> {
    return this.call(Iface.action, "GetName", timeoutMs, "i", index === 0 ? firstIndex : [index])
      .then(([name]) => this.actionAlias(String(name ?? "").toLowerCase(), role))
  }

  /**
   * The action names a tree read needs to tell which contract actions a node has: every name, or where the toolkit
   * decides them all by its first action (ToolkitProfile.actionsDecidedByFirst) that one name, in one call. Empty
   * when the first name is empty (no default action). Acting reads every name (`actions`).
   */
  deciderActions(timeoutMs: number, role?: number): Promise<ReadonlyArray<ActionInfo>> {
    if (!this.profile.actionsDecidedByFirst) return this.actions(timeoutMs, role)
    return this.actionNameAt(0, timeoutMs, role).then((first) => first ? [{ name: first }] : [])
  }

  /** The targets of the object's first LABELLED_BY relation (`GetRelationSet`), empty when it has none. */
  async labelledBy(timeoutMs: number): Promise<ReadonlyArray<ObjectRef>> {
    return (await this.relations(timeoutMs)).labelledBy
  }

  /** The targets of the object's LABEL_FOR relation: what this label labels. */
  async labelFor(timeoutMs: number): Promise<ReadonlyArray<ObjectRef>> {
    return (await this.relations(timeoutMs)).labelFor
  }

  /** The targets of the object's LABELLED_BY, DESCRIBED_BY and LABEL_FOR relations, in one call (`GetRelationSet`). */
  async relations(timeoutMs: number): Promise<{ readonly labelledBy: ReadonlyArray<ObjectRef>; readonly describedBy: ReadonlyArray<ObjectRef>; readonly labelFor: ReadonlyArray<ObjectRef> }> {
    const [relations] = await this.call(Iface.accessible, "GetRelationSet", timeoutMs)
    const labelledBy: Array<ObjectRef> = []
    const describedBy: Array<ObjectRef> = []
    const labelFor: Array<ObjectRef> = []
    for (const [type, targets] of (relations ?? []) as ReadonlyArray<[number, ReadonlyArray<unknown>]>) {
      const into = Number(type) === relationLabelledBy ? labelledBy : Number(type) === relationDescribedBy ? describedBy : Number(type) === relationLabelFor ? labelFor : undefined
      if (into !== undefined) for (const ref of (targets ?? []).map(toRef)) if (!isNullRef(ref)) into.push(ref)
    }
    return { labelledBy, describedBy, labelFor }
  }

  async doAction(index: number, timeoutMs: number): Promise<boolean> {
    const [ok] = await this.call(Iface.action, "DoAction", timeoutMs, "i", [index])
    return ok === true
  }

  /**
   * The text, at most `maxChars` characters when given (a document's text has no place in a tree read), with
   * object-replacement characters removed.
   */
  async text(timeoutMs: number, maxChars?: number): Promise<string> {
    let end = -1
    if (maxChars !== undefined && this.profile.textEndClamped) {
      end = maxChars
    } else if (this.profile.textNeedsExplicitEnd || maxChars !== undefined) {
      const count = await this.characterCount(timeoutMs)
      end = maxChars === undefined ? count : Math.min(count, maxChars)
    }
    const [text] = await this.call(Iface.text, "GetText", timeoutMs, "ii", [0, end])
    return cleanText(String(text ?? ""))
  }

  /**
   * At most `maxChars` characters of the text, the part on screen first: the whole text when it fits; else from the
   * offset at the top-left of the object's extents on (a terminal's screen, the page of a document a person sees),
   * then what follows it. `Text.GetOffsetAtPoint` answers -1 where it cannot tell: the text's start then.
   */
  async visibleTextFirst(timeoutMs: number, maxChars: number): Promise<string> {
    const count = await this.characterCount(timeoutMs)
    if (count <= maxChars) return this.textRange(0, count, timeoutMs)
    // No Component (or an app that refuses extents): the text's start. A timeout still fails the read.
    const box = await this.extents(timeoutMs).catch((error: unknown) => {
      if (error instanceof DbusCallError && error.failure !== "timeout" && !error.peerGone) return undefined
      throw error
    })
    let start = 0
    if (box !== undefined && box.width > 0 && box.height > 0 && this.profile.offsetAtPointHangs !== true) {
      const [offset] = await this.call(Iface.text, "GetOffsetAtPoint", timeoutMs, "iiu", [box.x + 1, box.y + 1, 0])
      start = Math.max(0, Math.min(Number(offset ?? 0), count - 1))
    }
    return this.textRange(start, Math.min(count, start + maxChars), timeoutMs)
  }

  private async textRange(start: number, end: number, timeoutMs: number): Promise<string> {
    const [text] = await this.call(Iface.text, "GetText", timeoutMs, "ii", [start, end])
    return cleanText(String(text ?? ""))
  }

  async caretOffset(timeoutMs: number): Promise<number> {
    return Number(await this.property(Iface.text, "CaretOffset", timeoutMs))
  }

  async characterCount(timeoutMs: number): Promise<number> {
    return Number(await this.property(Iface.text, "CharacterCount", timeoutMs))
  }

  /** Document.GetAttributes: what a document says of itself (Chromium 156: URI, Title, MimeType, DocType). */
  documentAttributes(timeoutMs: number): Promise<Readonly<Record<string, string>>> {
    return this.call(Iface.document, "GetAttributes", timeoutMs).then(([entries]) => attributeRecord(entries))
  }

  currentValue(timeoutMs: number): Promise<number> {
    return this.property(Iface.value, "CurrentValue", timeoutMs).then(Number)
  }

  /** Value's MinimumValue and MaximumValue, read together. */
  valueRange(timeoutMs: number): Promise<{ readonly min: number; readonly max: number }> {
    return Promise.all([
      this.property(Iface.value, "MinimumValue", timeoutMs).then(Number),
      this.property(Iface.value, "MaximumValue", timeoutMs).then(Number)
    ]).then(([min, max]) => ({ min, max }))
  }

  async setCurrentValue(value: number, timeoutMs: number): Promise<void> {
    await this.call(Iface.properties, "Set", timeoutMs, "ssv", [Iface.value, "CurrentValue", ["d", value]])
  }

  async setTextContents(text: string, timeoutMs: number): Promise<boolean> {
    const [ok] = await this.call(Iface.editableText, "SetTextContents", timeoutMs, "s", [text])
    return ok === true
  }

  /**
   * `InsertText(position, text, length)`: the length in UTF-8 bytes (ATK's unit), or in UTF-16 code units where the
   * toolkit counts those (Qt 5.15 resizes the string to it: a byte length pads non-ASCII text with NULs).
   */
  async insertText(position: number, text: string, timeoutMs: number): Promise<boolean> {
    const length = this.profile.insertTextLengthUtf16 ? text.length : Buffer.byteLength(text)
    const [ok] = await this.call(Iface.editableText, "InsertText", timeoutMs, "isi", [position, text, length])
    return ok === true
  }

  async deleteText(start: number, end: number, timeoutMs: number): Promise<boolean> {
    const [ok] = await this.call(Iface.editableText, "DeleteText", timeoutMs, "ii", [start, end])
    return ok === true
  }

  async grabFocus(timeoutMs: number): Promise<boolean> {
    const [ok] = await this.call(Iface.component, "GrabFocus", timeoutMs)
    return ok === true
  }

  async scrollTo(timeoutMs: number): Promise<boolean> {
    // ATSPI_SCROLL_ANYWHERE
    const [ok] = await this.call(Iface.component, "ScrollTo", timeoutMs, "u", [6])
    return ok === true
  }

  async selectChild(index: number, timeoutMs: number): Promise<boolean> {
    const [ok] = await this.call(Iface.selection, "SelectChild", timeoutMs, "i", [index])
    return ok === true
  }

  async deselectChild(index: number, timeoutMs: number): Promise<boolean> {
    const [ok] = await this.call(Iface.selection, "DeselectChild", timeoutMs, "i", [index])
    return ok === true
  }

  /**
   * The name of the selected item (combo boxes report their current choice this way), if any. Without Selection of
   * its own, a combo box's first child (the menu of a browser's <select>) is asked.
   */
  async selectedChildName(timeoutMs: number, interfaces?: ReadonlyArray<string>): Promise<string | undefined> {
    if (interfaces && !interfaces.includes("Selection")) {
      const [first] = await this.children(timeoutMs)
      if (!first || isNullRef(first)) return undefined
      return this.sibling(first.path).selectedChildName(timeoutMs)
    }
    const [child] = await this.call(Iface.selection, "GetSelectedChild", timeoutMs, "i", [0])
    const ref = toRef(child)
    if (isNullRef(ref)) return undefined
    return this.sibling(ref.path).name(timeoutMs)
  }

  /** Cache.GetItems on the app this object belongs to (GTK3: only after an event listener is registered). */
  static async cacheItems(session: AtspiSession, busName: string, timeoutMs: number): Promise<ReadonlyArray<CacheItem>> {
    const [items] = await session.call(
      { busName, path: Paths.cache },
      { interface: Iface.cache, member: "GetItems", decodeBody: decodeCacheItems },
      timeoutMs
    )
    if (items instanceof DecodedCacheItems) return items.items
    return ((items ?? []) as ReadonlyArray<ReadonlyArray<unknown>>).map((item) => ({
      ref: toRef(item[0]),
      parent: toRef(item[2]),
      indexInParent: Number(item[3]),
      childCount: Number(item[4]),
      interfaces: ((item[5] ?? []) as ReadonlyArray<string>).map(shortInterface),
      name: cleanName(String(item[6] ?? "")),
      role: Number(item[7]),
      description: String(item[8] ?? "").trim(),
      states: StateSet.from(item[9])
    }))
  }
}
