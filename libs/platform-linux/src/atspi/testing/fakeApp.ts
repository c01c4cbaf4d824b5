/**
 * Test helper: an app of a few objects behind a stand-in AtspiSession. It answers the reads the adapter sends (per
 * object: role, name, description, states, interfaces, children, parent, index, relations, extents, hit test,
 * actions, text, value, selection) from the table, and hands every other message to `onSend`. The table is looked
 * up at each call, so a test (or `onSend`) may change or replace its objects the way the toolkit would.
 *
 * Every call, the accessibility bus's own (the registry's DeviceEventController, the bus daemon's pid lookup)
 * included, goes through `record`: what it returns is appended to `sent`. By default that is each message that is
 * not a read, as "<path> <member>(<body>)", and each bus call, as "registry <member>(<body>)".
 *
 * `strictBridge` answers as Qt 5.15.8's bridge was measured to (qtbase atspiadaptor.cpp): per property Get only (a
 * GetAll fails the test: it would have killed the app), and UnknownObject for an unknown path, for any method the
 * bridge does not implement (Selection, Action.GetLocalizedName, Component.ScrollTo, ...) and for one of an
 * interface the object lacks. Without it, an unknown path fails the test and any other message answers what
 * `onSend` returns.
 */
import type { AppCall, AtspiSession, ObjectRef } from "../AtspiSession.js"
import { AtspiState, StateSet } from "../States.js"
import { DbusCallError } from "../../dbus/DbusCallError.js"
import type { ToolkitProfile } from "../../toolkits/ToolkitProfile.js"

export interface FakeObject {
  role: number
  name?: string
  description?: string
  /** AT-SPI state numbers; enabled, sensitive, visible and showing unless told. */
  states?: ReadonlyArray<number>
  /** Short names: "Component", "Action", "Selection", ... ("Accessible" is always there). */
  interfaces?: ReadonlyArray<string>
  actions?: ReadonlyArray<string>
  children?: ReadonlyArray<string>
  /** The parent's path; unless told, the object that lists this one among its children. */
  parent?: string
  /** LABELLED_BY targets. */
  labelledBy?: ReadonlyArray<string>
  /** LABEL_FOR targets (a label's side of the pair). */
  labelFor?: ReadonlyArray<string>
  /** DESCRIBED_BY targets. */
  describedBy?: ReadonlyArray<string>
  extents?: readonly [number, number, number, number]
  text?: string
  value?: number
  /** Value's MinimumValue and MaximumValue (unreported when absent). */
  range?: readonly [number, number]
  /** Table's NRows and NColumns (unreported when absent). */
  tableSize?: readonly [number, number]
  /** ChildCount as the object reports it, where it disagrees with its children list. */
  reportedChildCount?: number
  /** Document.GetAttributes (unanswered when absent). */
  documentAttributes?: Readonly<Record<string, string>>
}

/** One call the stand-in received. */
export interface FakeCall {
  /** "registry": a call on the accessibility bus itself, not to the app. */
  readonly to: "app" | "registry"
  readonly path: string
  readonly member: string
  readonly body: ReadonlyArray<unknown>
  /** Answered from the table, changing nothing. */
  readonly read: boolean
}

export interface FakeAppOptions {
  /**
   * Each message to the app that is not a read, after it is recorded: may change the objects, or throw to fail the
   * message; what it returns, unless undefined, is the answer (else true; with `strictBridge`, the bridge's).
   */
  readonly onSend?: ((member: string, path: string, body: ReadonlyArray<unknown>) => unknown) | undefined
  /** Each call on the bus (a device event, a pid lookup): what it returns, unless undefined, is the answer. */
  readonly onRegistry?: ((member: string, body: ReadonlyArray<unknown>) => unknown) | undefined
  /** What `sent` gets for a call (nothing for undefined); `sentLine` unless told. */
  readonly record?: (call: FakeCall) => string | undefined
  readonly strictBridge?: boolean
}

export interface FakeApp {
  readonly session: AtspiSession
  readonly objects: Record<string, FakeObject>
  readonly sent: Array<string>
  /** Reads of Value.CurrentValue so far. */
  valueReads: number
}

/** The bus name of `fakeRef` and `fakeHandle` (the stand-in answers in the bus name it was called on). */
export const fakeBus = ":1.9"
export const fakeRef = (path: string): ObjectRef => ({ busName: fakeBus, path })
/** The handle of a fake object, as the engine passes it to the actor. */
export const fakeHandle = (path: string) => ({ handle: `${fakeBus}|${path}`, role: "unknown" })

export const sentLine = (call: FakeCall): string | undefined =>
  call.read ? undefined : `${call.to === "registry" ? "registry" : call.path} ${call.member}(${call.body.join(",")})`

const nullPath = "/org/a11y/atspi/null"
const shown = [AtspiState.enabled, AtspiState.sensitive, AtspiState.visible, AtspiState.showing]
/** The members answered from the table: a call of one is `read` in `record`. */
const reads = new Set([
  "GetAll", "Get", "GetRole", "GetState", "GetInterfaces", "GetChildren", "GetIndexInParent", "GetRelationSet", "GetExtents",
  "GetAccessibleAtPoint", "GetActions", "GetName", "GetText", "GetSelectedChild", "GetNSelectedChildren", "GetAttributes"
])
/** With `strictBridge`, the messages that act which the bridge implements, each with the interface it needs. */
const bridgeSends: Record<string, string> = {
  GrabFocus: "Component", DoAction: "Action", Set: "Value", InsertText: "EditableText", SetTextContents: "EditableText"
}
const relationLabelFor = 1
const relationLabelledBy = 2
const relationDescribedBy = 18

const unknownObject = (path: string, member: string) =>
  new DbusCallError("remote", member, "org.freedesktop.DBus.Error.UnknownObject", `No such object path '${path}'`)
const variant = (value: unknown): unknown => [[], [value]]

export const fakeApp = (profile: ToolkitProfile, objects: Record<string, FakeObject>, options: FakeAppOptions = {}): FakeApp => {
  const { onSend, onRegistry, record = sentLine, strictBridge = false } = options
  // The session is set once built: its answers count into `app`.
  const app = { objects, sent: [] as Array<string>, valueReads: 0, session: undefined as unknown as AtspiSession }
  const note = (call: FakeCall) => {
    const line = record(call)
    if (line !== undefined) app.sent.push(line)
  }
  const parentOf = (path: string): string | undefined =>
    objects[path]?.parent ?? Object.keys(objects).find((candidate) => objects[candidate]!.children?.includes(path))

  const answer = (target: ObjectRef, spec: AppCall): ReadonlyArray<unknown> => {
    const { busName, path } = target
    const body = spec.body ?? []
    const object = objects[path]
    if (!object) throw strictBridge ? unknownObject(path, spec.member) : new Error(`no object ${path}`)
    const interfaces = ["Accessible", ...(object.interfaces ?? [])]
    const has = (iface: string) => !strictBridge || interfaces.includes(iface)
    /** A property's value; none where the strict bridge lacks it (elsewhere an unknown property reads undefined). */
    const property = (iface: string, name: string): { readonly value: unknown } | undefined => {
      const known: Record<string, readonly [string, () => unknown]> = {
        Name: ["Accessible", () => object.name ?? ""],
        Description: ["Accessible", () => object.description ?? ""],
        ChildCount: ["Accessible", () => object.reportedChildCount ?? object.children?.length ?? 0],
        Parent: ["Accessible", () => [busName, parentOf(path) ?? nullPath]],
        CharacterCount: ["Text", () => object.text?.length ?? 0],
        CaretOffset: ["Text", () => 0],
        CurrentValue: ["Value", () => { app.valueReads++; return object.value ?? 0 }],
        ...(object.tableSize === undefined ? {} : {
          NRows: ["Table", () => object.tableSize![0]] as const,
          NColumns: ["Table", () => object.tableSize![1]] as const
        }),
        ...(object.range === undefined ? {} : {
          MinimumValue: ["Value", () => object.range![0]] as const,
          MaximumValue: ["Value", () => object.range![1]] as const
        })
      }
      const entry = known[name]
      if (strictBridge && !(entry && iface.endsWith(entry[0]) && has(entry[0]))) return undefined
      return { value: entry?.[1]() }
    }
    switch (spec.member) {
      case "GetAll":
        if (strictBridge) throw new Error("GetAll sent to a Qt app: it segfaults Qt 5.15")
        return [["Name", "Description", "ChildCount"].map((name) => [name, variant(property("Accessible", name)!.value)])]
      case "Get": {
        const found = property(String(body[0]), String(body[1]))
        if (found) return [variant(found.value)]
        break
      }
      case "GetRole": return [object.role]
      case "GetState": return [StateSet.of(...(object.states ?? shown)).words()]
      case "GetInterfaces": return [interfaces.map((name) => `org.a11y.atspi.${name}`)]
      case "GetChildren": return [(object.children ?? []).map((child) => [busName, child])]
      case "GetIndexInParent": return [objects[parentOf(path) ?? ""]?.children?.indexOf(path) ?? -1]
      case "GetRelationSet": return [[
        ...(object.labelFor ? [[relationLabelFor, object.labelFor.map((target) => [busName, target])]] : []),
        ...(object.labelledBy ? [[relationLabelledBy, object.labelledBy.map((label) => [busName, label])]] : []),
        ...(object.describedBy ? [[relationDescribedBy, object.describedBy.map((label) => [busName, label])]] : [])
      ]]
      case "GetExtents":
        if (has("Component")) return [object.extents ?? [0, 0, 0, 0]]
        break
      case "GetAccessibleAtPoint": {
        // As Qt's childAt: the child whose extents hold the point, else the null object.
        if (!has("Component")) break
        const [x, y] = body as [number, number]
        const inside = (object.children ?? []).find((child) => {
          const [cx, cy, cw, ch] = objects[child]?.extents ?? [0, 0, 0, 0]
          return x >= cx && y >= cy && x < cx + cw && y < cy + ch
        })
        return [[busName, inside ?? nullPath]]
      }
      case "GetActions":
        if (has("Action")) return [(object.actions ?? []).map((name) => [name, "", ""])]
        break
      case "GetName":
        // Not modelled for the strict bridge (the adapter lists Qt's actions with GetActions).
        if (!strictBridge) return [object.actions?.[Number(body[0])] ?? ""]
        break
      case "GetText":
        if (has("Text")) return [object.text ?? ""]
        break
      case "GetSelectedChild":
        // Nothing selected.
        if (has("Selection")) return [["", nullPath]]
        break
      case "GetNSelectedChildren":
        if (has("Selection")) return [0]
        break
      case "GetAttributes":
        if (spec.interface.endsWith(".Document") && object.documentAttributes !== undefined) return [Object.entries(object.documentAttributes)]
        break
      default: {
        const needs = bridgeSends[spec.member]
        if (strictBridge && !(needs && has(needs))) break
        const result = onSend?.(spec.member, path, body)
        if (result !== undefined) return [result]
        if (!strictBridge) return [true]
        // Qt grants the focus only to a widget that lists SetFocus; a property Set has an empty reply.
        if (spec.member === "GrabFocus") return [(object.actions ?? []).includes("SetFocus")]
        return spec.member === "Set" ? [] : [true]
      }
    }
    throw unknownObject(path, spec.member)
  }

  const fake = {
    toolkits: { profileOf: () => Promise.resolve(profile), profileNow: () => profile },
    call: (target: ObjectRef, spec: AppCall) => {
      const body = spec.body ?? []
      note({ to: "app", path: target.path, member: spec.member, body, read: reads.has(spec.member) })
      try {
        return Promise.resolve(answer(target, spec))
      } catch (error) {
        return Promise.reject(error)
      }
    },
    bus: {
      call: (message: { readonly path?: string; readonly member: string; readonly body?: ReadonlyArray<unknown> }) => {
        const body = message.body ?? []
        note({ to: "registry", path: message.path ?? "", member: message.member, body, read: false })
        try {
          const result = onRegistry?.(message.member, body)
          return Promise.resolve(result === undefined ? [] : [result])
        } catch (error) {
          return Promise.reject(error)
        }
      }
    }
  }
  app.session = fake as unknown as AtspiSession
  return app
}
