/**
 * Test helper: a scripted app of several objects, answering the reads the adapter sends (per object: role, name,
 * description, states, interfaces, children, parent, actions, extents, text, value) and recording every other
 * message (DoAction, SelectChild, DeselectChild, GrabFocus, SetTextContents, ...) as "<path> <member>(<body>)".
 * Objects are given by path; a child list names paths. Without a toolkit cache (as LibreOffice, never asked).
 */
import type { AppCall, AtspiSession, ObjectRef } from "../../atspi/AtspiSession.js"
import type { ToolkitProfile } from "../../toolkits/ToolkitProfile.js"

export interface ScriptedObject {
  readonly role: number
  readonly name?: string
  readonly description?: string
  /** AT-SPI state numbers. */
  readonly states: ReadonlyArray<number>
  /** Short names: "Component", "Action", "Selection", ... ("Accessible" is always there). */
  readonly interfaces?: ReadonlyArray<string>
  readonly children?: ReadonlyArray<string>
  readonly actions?: ReadonlyArray<string>
  readonly extents?: readonly [number, number, number, number]
  readonly text?: string
  readonly value?: number
}

export const scriptedBus = ":1.9"

const word = (states: ReadonlyArray<number>, high: boolean) =>
  states.filter((s) => (s >= 32) === high).reduce((acc, s) => (acc | (1 << (s % 32))) >>> 0, 0)

/** `react`: called after each recorded message, to change the objects the way the app would. */
export const scriptedApp = (
  profile: ToolkitProfile,
  objects: Record<string, ScriptedObject>,
  sent: Array<string>,
  react?: (path: string, member: string) => void
): AtspiSession => {
  const parentOf = new Map<string, { parent: string; index: number }>()
  for (const [path, object] of Object.entries(objects)) {
    object.children?.forEach((child, index) => parentOf.set(child, { parent: path, index }))
  }
  const property = (path: string, object: ScriptedObject, name: string): unknown => {
    switch (name) {
      case "Name": return object.name ?? ""
      case "Description": return object.description ?? ""
      case "ChildCount": return object.children?.length ?? 0
      case "Parent": return [scriptedBus, parentOf.get(path)?.parent ?? "/org/a11y/atspi/null"]
      case "CharacterCount": return object.text?.length ?? 0
      case "CaretOffset": return 0
      case "CurrentValue": return object.value ?? 0
      default: return undefined
    }
  }
  const answer = (path: string, spec: AppCall): ReadonlyArray<unknown> => {
    const object = objects[path]
    if (!object) throw new Error(`no object ${path}`)
    switch (spec.member) {
      case "GetRole": return [object.role]
      case "GetState": return [[word(object.states, false), word(object.states, true)]]
      case "GetInterfaces": return [["Accessible", ...(object.interfaces ?? [])].map((name) => `org.a11y.atspi.${name}`)]
      case "GetChildren": return [(object.children ?? []).map((child) => [scriptedBus, child])]
      case "GetIndexInParent": return [parentOf.get(path)?.index ?? -1]
      case "GetExtents": return [object.extents ?? [0, 0, 0, 0]]
      case "GetActions": return [(object.actions ?? []).map((name) => [name, "", ""])]
      case "GetText": return [object.text ?? ""]
      case "GetAll": return [["Name", "Description", "ChildCount"].map((name) => [name, [[], [property(path, object, name)]]])]
      case "Get": return [[[], [property(path, object, String(spec.body?.[1]))]]]
      default:
        sent.push(`${path} ${spec.member}(${(spec.body ?? []).join(",")})`)
        react?.(path, spec.member)
        return [true]
    }
  }
  const fake = {
    toolkits: { profileOf: () => Promise.resolve(profile), profileNow: () => profile },
    call: (target: ObjectRef, spec: AppCall) => {
      try {
        return Promise.resolve(answer(target.path, spec))
      } catch (error) {
        return Promise.reject(error)
      }
    }
  }
  return fake as unknown as AtspiSession
}

export const scriptedRef = (path: string): ObjectRef => ({ busName: scriptedBus, path })
