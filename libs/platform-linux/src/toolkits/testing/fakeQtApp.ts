/**
 * Test helper: an app that answers AT-SPI the way Qt 5.15.8's bridge was measured to (qtbase atspiadaptor.cpp): per
 * property Get only (a GetAll fails the test, it would have killed the app), English action names, no Selection, and
 * UnknownObject for any method the bridge does not implement. Objects are given by path; every call is recorded.
 */
import type { AppCall, AtspiSession, ObjectRef } from "../../atspi/AtspiSession.js"
import { AtspiState } from "../../atspi/States.js"
import { DbusCallError } from "../../dbus/DbusCallError.js"
import { qt } from "../qt.js"

export interface FakeObject {
  readonly role: number
  name?: string
  readonly description?: string
  states?: ReadonlyArray<number>
  readonly interfaces?: ReadonlyArray<string>
  readonly actions?: ReadonlyArray<string>
  readonly children?: ReadonlyArray<string>
  readonly parent?: string
  /** LABELLED_BY targets. */
  readonly labelledBy?: ReadonlyArray<string>
  readonly extents?: readonly [number, number, number, number]
  readonly text?: string
  readonly value?: number
  /** What DoAction(index) does to the app. */
  readonly onAction?: (index: number) => void
}

export const bus = ":1.7"

const unknownObject = (path: string, member: string) =>
  new DbusCallError("remote", member, "org.freedesktop.DBus.Error.UnknownObject", `No such object path '${path}'`)

const words = (states: ReadonlyArray<number>): [number, number] => {
  let low = 0
  let high = 0
  for (const state of states) {
    if (state < 32) low |= 1 << state
    else high |= 1 << (state - 32)
  }
  return [low >>> 0, high >>> 0]
}

const variant = (value: unknown): unknown => [[], [value]]

/** `onRegistryCall`: what a device event (a pointer click) does to the app. */
export const fakeQtApp = (
  objects: Record<string, FakeObject>,
  onRegistryCall?: (member: string, body: ReadonlyArray<unknown>) => void
) => {
  const sent: Array<string> = []
  const answer = (path: string, spec: AppCall): ReadonlyArray<unknown> => {
    const object = objects[path]
    const body = spec.body ?? []
    sent.push(`${path.split("/").pop()} ${spec.member}${spec.member === "Get" ? ` ${String(body[1])}` : body.length > 0 ? `(${body.join(",")})` : ""}`)
    if (!object) throw unknownObject(path, spec.member)
    if (spec.member === "GetAll") throw new Error("GetAll sent to a Qt app: it segfaults Qt 5.15")
    const ifaces = ["Accessible", ...(object.interfaces ?? [])]
    const has = (iface: string) => ifaces.includes(iface)
    switch (spec.member) {
      case "Get": {
        const [iface, property] = body as [string, string]
        if (iface.endsWith("Accessible")) {
          if (property === "Name") return [variant(object.name ?? "")]
          if (property === "Description") return [variant(object.description ?? "")]
          if (property === "ChildCount") return [variant((object.children ?? []).length)]
          if (property === "Parent") return [variant([bus, object.parent ?? "/org/a11y/atspi/null"])]
        }
        if (iface.endsWith("Value") && has("Value") && property === "CurrentValue") return [variant(object.value ?? 0)]
        if (iface.endsWith("Text") && has("Text") && property === "CharacterCount") return [variant((object.text ?? "").length)]
        if (iface.endsWith("Application") && property === "ToolkitName") return [variant("Qt")]
        if (iface.endsWith("Application") && property === "Version") return [variant("5.15.8")]
        throw unknownObject(path, spec.member)
      }
      case "Set":
        if (has("Value")) return []
        throw unknownObject(path, spec.member)
      case "GetRole":
        return [object.role]
      case "GetState":
        return [words(object.states ?? [AtspiState.enabled, AtspiState.sensitive, AtspiState.visible, AtspiState.showing])]
      case "GetInterfaces":
        return [ifaces.map((name) => `org.a11y.atspi.${name}`)]
      case "GetChildren":
        return [(object.children ?? []).map((child) => [bus, child])]
      case "GetIndexInParent":
        return [objects[object.parent ?? ""]?.children?.indexOf(path) ?? -1]
      case "GetRelationSet":
        return [object.labelledBy ? [[2, object.labelledBy.map((target) => [bus, target])]] : []]
      case "GetExtents":
        if (!has("Component")) break
        return [object.extents ?? [0, 0, 0, 0]]
      case "GetAccessibleAtPoint": {
        // As Qt's childAt: the child whose extents hold the point, else the null object.
        if (!has("Component")) break
        const [x, y] = body as [number, number]
        const inside = (object.children ?? []).find((child) => {
          const [cx, cy, cw, ch] = objects[child]?.extents ?? [0, 0, 0, 0]
          return x >= cx && y >= cy && x < cx + cw && y < cy + ch
        })
        return [[bus, inside ?? "/org/a11y/atspi/null"]]
      }
      case "GrabFocus":
        if (!has("Component")) break
        return [(object.actions ?? []).includes("SetFocus")]
      case "GetActions":
        if (!has("Action")) break
        return [(object.actions ?? []).map((name) => [name, "", ""])]
      case "DoAction":
        if (!has("Action")) break
        object.onAction?.(Number(body[0]))
        return [true]
      case "GetText":
        if (!has("Text")) break
        return [object.text ?? ""]
      case "InsertText":
      case "SetTextContents":
        if (!has("EditableText")) break
        return [true]
    }
    // Selection, Action.GetLocalizedName, Component.ScrollTo ...: the bridge does not implement them.
    throw unknownObject(path, spec.member)
  }
  const session = {
    toolkits: { profileOf: () => Promise.resolve(qt), profileNow: () => qt },
    call: async (target: ObjectRef, spec: AppCall) => answer(target.path, spec),
    bus: {
      call: async (spec: { readonly member: string; readonly body?: ReadonlyArray<unknown> }) => {
        sent.push(`registry ${spec.member}(${(spec.body ?? []).join(",")})`)
        onRegistryCall?.(spec.member, spec.body ?? [])
        return []
      }
    }
  } as unknown as AtspiSession
  return { session, sent }
}

/** The handle of a fake object, as the engine passes it to the actor. */
export const handleOf = (path: string) => ({ handle: `${bus}|${path}`, role: "unknown" })
