/**
 * A locator: an element named by its identity instead of a ref — the app, its window's title, and the fields a
 * RefMap entry proves identity with (role, name, description, an identifying value or native id, its path and the
 * child counts along it, and whatever identity fields a newer RefMap carries). It is what a replay acts on and what
 * `trace export --as batch` writes for a person to read and edit; `bindLocator` turns one into a ref of the app's
 * window as it runs now.
 */
import type { RefEntry } from "@agent-desktop/domain"
import type { WindowInfo } from "@agent-desktop/platform"
import type { RecordedTarget } from "./ReplayEvents.js"

export interface Locator {
  readonly app: string
  /** The window's title when recorded: picks the window when the app has several. */
  readonly window?: string
  readonly role: string
  readonly name?: string
  readonly description?: string
  readonly value?: string
  readonly native_id?: { readonly kind: string; readonly value: string }
  readonly states?: ReadonlyArray<string>
  /** Child indexes from the window root. */
  readonly path: ReadonlyArray<number>
  readonly path_child_counts?: ReadonlyArray<number>
  readonly [identityField: string]: unknown
}

/** Fields of a RefMap entry that belong to one process, window or read, never to the element's identity. */
const LIVE_FIELDS = [
  "pid", "process_instance", "bounds", "bounds_hash", "available_actions", "source_app", "source_window_id",
  "source_window_title", "unique_at_capture", "root_ref", "handle", "ref"
] as const

export const locatorOf = (target: RecordedTarget): Locator => {
  const identity: Record<string, unknown> = { ...target }
  for (const field of LIVE_FIELDS) delete identity[field]
  return {
    app: target.source_app,
    ...(target.source_window_title === undefined ? {} : { window: target.source_window_title }),
    ...identity,
    role: target.role,
    path: target.path
  } as Locator
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const isPath = (value: unknown): value is ReadonlyArray<number> =>
  Array.isArray(value) && value.every((index) => Number.isSafeInteger(index) && index >= 0)

/** A locator read from a person's batch file: the shape checked, or what is wrong with it. */
export const parseLocator = (value: unknown): { readonly _tag: "Ok"; readonly locator: Locator } | { readonly _tag: "Invalid"; readonly problem: string } => {
  if (!isRecord(value)) return { _tag: "Invalid", problem: "a locator is an object" }
  if (typeof value["app"] !== "string" || value["app"] === "") return { _tag: "Invalid", problem: "a locator needs app (the application's name)" }
  if (typeof value["role"] !== "string" || value["role"] === "") return { _tag: "Invalid", problem: "a locator needs role" }
  if (!isPath(value["path"])) return { _tag: "Invalid", problem: "a locator needs path (child indexes from the window, [] for the window)" }
  for (const key of ["window", "name", "description", "value"]) {
    if (value[key] !== undefined && typeof value[key] !== "string") return { _tag: "Invalid", problem: `a locator's ${key} is a string` }
  }
  if (value["path_child_counts"] !== undefined && !isPath(value["path_child_counts"])) {
    return { _tag: "Invalid", problem: "a locator's path_child_counts is a list of counts" }
  }
  return { _tag: "Ok", locator: value as Locator }
}

/**
 * The RefMap entry that re-identifies a locator's element in `window`: its identity fields as recorded, bound to the
 * window's process. `unique_at_capture` is the recording's promise (a replay only repeats actions whose target was
 * proven unique); the live resolution refuses twins all the same.
 */
export const entryFor = (locator: Locator, window: WindowInfo): RefEntry => {
  const { app: _app, window: _window, ...identity } = locator
  return {
    ...identity,
    pid: window.pid,
    ...(window.process_instance === undefined ? {} : { process_instance: window.process_instance }),
    role: locator.role,
    bounds_hash: "",
    available_actions: [],
    source_app: window.app_name,
    source_window_id: window.id,
    source_window_title: window.title,
    path: locator.path,
    handle: "",
    unique_at_capture: true
  }
}

/** A short description of a locator for messages: role, "name" and the app. */
export const describeLocator = (locator: Locator): string =>
  `${locator.role}${locator.name === undefined ? "" : ` "${locator.name}"`} in ${locator.app}`
