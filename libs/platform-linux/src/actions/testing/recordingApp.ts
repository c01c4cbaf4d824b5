/**
 * Test helper (for the actor's GTK tests): a scripted app of a few objects, answering the reads an action makes (GetAll/Get, role, states,
 * interfaces, actions, children, Value) from a table, and recording every other message, in order, in `sent`.
 * `onSend` lets a test change the objects as the toolkit would (a popup that opens, a value that lands late).
 */
import type { AppCall, AtspiSession, ObjectRef } from "../../atspi/AtspiSession.js"
import type { ToolkitProfile } from "../../toolkits/ToolkitProfile.js"

export interface RecordedObject {
  role: number
  name?: string
  /** AT-SPI state numbers. */
  states: Array<number>
  interfaces: Array<string>
  actions?: Array<string>
  children?: Array<string>
  value?: number
}

export interface RecordingApp {
  readonly session: AtspiSession
  readonly objects: Record<string, RecordedObject>
  /** `member(path)` of every message that is not a read, in the order sent. */
  readonly sent: Array<string>
  /** Reads of Value.CurrentValue so far. */
  valueReads: number
}

const words = (states: ReadonlyArray<number>): [number, number] => {
  let low = 0
  let high = 0
  for (const state of states) {
    if (state < 32) low |= 1 << state
    else high |= 1 << (state - 32)
  }
  return [low >>> 0, high >>> 0]
}

const reads = new Set([
  "GetAll", "Get", "GetRole", "GetState", "GetInterfaces", "GetActions", "GetChildren", "GetIndexInParent", "GetName", "GetExtents",
  "GetSelectedChild", "GetNSelectedChildren"
])

export const recordingApp = (
  profile: ToolkitProfile,
  objects: Record<string, RecordedObject>,
  onSend: (member: string, path: string, body: ReadonlyArray<unknown>) => unknown = () => true
): RecordingApp => {
  const app: RecordingApp = { objects, sent: [], valueReads: 0, session: undefined as unknown as AtspiSession }
  const object = (path: string): RecordedObject => {
    const found = objects[path]
    if (!found) throw new Error(`no scripted object ${path}`)
    return found
  }
  const variant = (value: unknown) => [[], [value]]
  const fake = {
    toolkits: { profileOf: () => Promise.resolve(profile), profileNow: () => profile },
    call: (target: ObjectRef, spec: AppCall) => {
      if (!reads.has(spec.member)) {
        app.sent.push(`${spec.member}(${target.path})`)
        try {
          return Promise.resolve([onSend(spec.member, target.path, spec.body ?? [])])
        } catch (error) {
          return Promise.reject(error)
        }
      }
      const o = object(target.path)
      switch (spec.member) {
        case "GetAll":
          return Promise.resolve([[["Name", variant(o.name ?? "")], ["Description", variant("")], ["ChildCount", variant((o.children ?? []).length)]]])
        case "Get": {
          const [, property] = (spec.body ?? []) as [string, string]
          if (property === "CurrentValue") app.valueReads++
          const values: Record<string, unknown> = {
            Name: o.name ?? "", Description: "", ChildCount: (o.children ?? []).length, CurrentValue: o.value ?? 0,
            Parent: [target.busName, Object.keys(objects).find((path) => objects[path]!.children?.includes(target.path)) ?? "/"]
          }
          return Promise.resolve([variant(values[property])])
        }
        case "GetRole": return Promise.resolve([o.role])
        case "GetExtents": return Promise.resolve([[10, 10, 40, 20]])
        case "GetSelectedChild": return Promise.resolve([["", "/org/a11y/atspi/null"]])
        case "GetNSelectedChildren": return Promise.resolve([0])
        case "GetState": return Promise.resolve([words(o.states)])
        case "GetInterfaces": return Promise.resolve([o.interfaces.map((name) => `org.a11y.atspi.${name}`)])
        case "GetActions": return Promise.resolve([(o.actions ?? []).map((name) => [name, "", ""])])
        case "GetChildren": return Promise.resolve([(o.children ?? []).map((path) => [target.busName, path])])
        case "GetIndexInParent": {
          const parent = Object.values(objects).find((candidate) => candidate.children?.includes(target.path))
          return Promise.resolve([parent?.children?.indexOf(target.path) ?? -1])
        }
        default: return Promise.resolve([])
      }
    },
    bus: { call: (message: { member: string }) => { app.sent.push(`registry ${message.member}`); return Promise.resolve([]) } }
  }
  ;(app as { session: AtspiSession }).session = fake as unknown as AtspiSession
  return app
}
