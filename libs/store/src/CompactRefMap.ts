/**
 * The stored form of a RefMap. A RefEntry is flat (reference §2.5), so every entry repeats the snapshot-wide
 * fields (pid, process instance, source app and window) and every field name: ~600 bytes a ref, and a 1,000-row
 * grid (~3,000 refs) passed the 1 MiB limit. Stored, a RefMap is normalised instead:
 *
 * - `shared`: fields every entry carries with the same value, written once;
 * - `shapes`: each distinct list of remaining field names, written once; a row names its shape by index;
 * - `dict`: for fields with few distinct values (role, available_actions, states, ...), the values once; rows
 *   hold an index into them;
 * - `rows`: `@eN` -> `[shape, ...values in the shape's order]`.
 *
 * `expandRefMap(compactRefMap(refs))` is deep-equal to `refs`; the 1 MiB limit applies to this form. Legacy rows
 * and events (a plain `@eN -> RefEntry` record, written before this form) expand as they are.
 */
import type { RefEntry } from "@agent-desktop/domain"

export const COMPACT_REFMAP_VERSION = 2

export interface CompactRefMap {
  readonly $refmap: typeof COMPACT_REFMAP_VERSION
  readonly shared: Readonly<Record<string, unknown>>
  readonly shapes: ReadonlyArray<ReadonlyArray<string>>
  readonly dict: Readonly<Record<string, ReadonlyArray<unknown>>>
  readonly rows: Readonly<Record<string, ReadonlyArray<unknown>>>
}

/** What a payload or row may hold: the compact form, or a legacy plain RefMap. */
export type StoredRefMap = CompactRefMap | Readonly<Record<string, RefEntry>>

/** Fields that describe the snapshot, not the element; hoisted when every entry agrees. */
const SNAPSHOT_WIDE_FIELDS = [
  "pid", "process_instance", "source_app", "source_window_id", "source_window_title", "source_window_bounds_hash",
  "source_surface", "path_is_absolute"
] as const

/** A field is interned when its values repeat at least this many times on average. */
const INTERN_REPEATS = 4

export const isCompactRefMap = (stored: unknown): stored is CompactRefMap =>
  typeof stored === "object" && stored !== null && (stored as { $refmap?: unknown }).$refmap === COMPACT_REFMAP_VERSION

export const compactRefMap = (refs: Readonly<Record<string, RefEntry>>): CompactRefMap => {
  const keys = Object.keys(refs)
  const entries = keys.map((key) => refs[key]) as unknown as Array<Readonly<Record<string, unknown>>>
  const layouts = layoutsOf(entries)
  const shared = sharedFields(entries)
  const interned = internedFields(entries, layouts, shared)
  const dict: Record<string, ReadonlyArray<unknown>> = {}
  for (const [field, values] of interned) dict[field] = values.values
  const shapes: Array<Array<string>> = []
  const shapeIndex = new Map<string, number>()
  const rows: Record<string, ReadonlyArray<unknown>> = {}
  // The last shape made and what each of its fields is interned as: entries of one layout in a row reuse them.
  let lastLayout: Layout | undefined
  let fields: Array<string> = []
  let lookups: Array<Interned | undefined> = []
  let shape = 0
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!
    const layout = layouts[i]!
    if (layout !== lastLayout || !layout.allDefined) {
      lastLayout = layout
      fields = layout.names.filter((field) => !Object.hasOwn(shared, field) && entry[field] !== undefined)
      const shapeKey = fields.join(",")
      const known = shapeIndex.get(shapeKey)
      if (known === undefined) {
        shape = shapes.length
        shapes.push(fields)
        shapeIndex.set(shapeKey, shape)
      } else {
        shape = known
      }
      lookups = fields.map((field) => interned.get(field))
    }
    const row: Array<unknown> = [shape]
    for (let j = 0; j < fields.length; j++) {
      const values = lookups[j]
      row.push(values === undefined ? entry[fields[j]!] : values.index.get(values.keys[i]))
    }
    rows[keys[i]!] = row
  }
  return { $refmap: COMPACT_REFMAP_VERSION, shared, shapes, dict, rows }
}

/** An entry's field names, shared by consecutive entries that list the same names (entries come from one builder). */
interface Layout {
  readonly names: ReadonlyArray<string>
  /** Every entry of this layout so far has a value in every field (no per-entry filtering needed). */
  allDefined: boolean
}

const sameNames = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): boolean =>
  a.length === b.length && a.every((name, i) => name === b[i])

const layoutsOf = (entries: ReadonlyArray<Readonly<Record<string, unknown>>>): Array<Layout> => {
  const layouts: Array<Layout> = []
  let last: Layout | undefined
  for (const entry of entries) {
    const names = Object.keys(entry)
    if (last === undefined || !sameNames(last.names, names)) last = { names, allDefined: true }
    if (last.allDefined && names.some((name) => entry[name] === undefined)) last.allDefined = false
    layouts.push(last)
  }
  return layouts
}

export const expandRefMap = (stored: StoredRefMap): Record<string, RefEntry> => {
  if (!isCompactRefMap(stored)) return { ...(stored as Readonly<Record<string, RefEntry>>) }
  const { shared, shapes, dict, rows } = stored
  const sharedFieldNames = Object.keys(shared)
  // Per shape, per position: the interned values of that field (with how to copy them), or undefined.
  const lookups = shapes.map((shape) =>
    shape.map((field) => Object.hasOwn(dict, field) ? dict[field]!.map(copier) : undefined)
  )
  const refs: Record<string, RefEntry> = {}
  for (const key of Object.keys(rows)) {
    const row = rows[key]!
    const shapeIndex = row[0] as number
    const shape = shapes[shapeIndex]!
    const lookup = lookups[shapeIndex]!
    const entry: Record<string, unknown> = {}
    for (const field of sharedFieldNames) entry[field] = shared[field]
    for (let i = 0; i < shape.length; i++) {
      const values = lookup[i]
      entry[shape[i]!] = values === undefined ? row[i + 1] : values[row[i + 1] as number]!()
    }
    refs[key] = entry as unknown as RefEntry
  }
  return refs
}

/**
 * Interned arrays and objects are copied on expansion so no two entries share a mutable value; flat arrays (the
 * usual case: states, actions, child counts) by `slice`, which is what keeps loading a 3,000-ref map cheap.
 */
const copier = (value: unknown): (() => unknown) => {
  if (typeof value !== "object" || value === null) return () => value
  if (Array.isArray(value) && value.every((item) => typeof item !== "object" || item === null)) return () => value.slice()
  const json = JSON.stringify(value)
  return () => JSON.parse(json) as unknown
}

const serialised = new WeakMap<CompactRefMap, string>()

/** The stored JSON of a compact RefMap, made once per map: the size check and the snapshots row share it. */
export const compactRefMapJson = (compact: CompactRefMap): string => {
  let json = serialised.get(compact)
  if (json === undefined) serialised.set(compact, json = JSON.stringify(compact))
  return json
}

/** Bytes of the stored (compact) form: what the 1 MiB limit is about. */
export const compactRefMapBytes = (compact: CompactRefMap): number => Buffer.byteLength(compactRefMapJson(compact))

const sharedFields = (entries: ReadonlyArray<Readonly<Record<string, unknown>>>): Record<string, unknown> => {
  const shared: Record<string, unknown> = {}
  const [first] = entries
  if (first === undefined) return shared
  for (const field of SNAPSHOT_WIDE_FIELDS) {
    const value = first[field]
    if (value === undefined || (typeof value === "object" && value !== null)) continue
    if (entries.every((entry) => entry[field] === value)) shared[field] = value
  }
  return shared
}

interface Interned {
  readonly values: Array<unknown>
  readonly index: Map<unknown, number>
  /** Each entry's key for this field (by entry position), computed once for the count and for the row. */
  readonly keys: Array<unknown>
}

/** Primitives key themselves (a Map tells 1 from "1"); arrays and objects key by their JSON. */
const valueKey = (value: unknown): unknown => typeof value === "object" && value !== null ? JSON.stringify(value) : value

/** Fields whose values repeat enough to be worth a dictionary; a field stops being tracked once it cannot. */
const internedFields = (
  entries: ReadonlyArray<Readonly<Record<string, unknown>>>,
  layouts: ReadonlyArray<Layout>,
  shared: Readonly<Record<string, unknown>>
): Map<string, Interned> => {
  const maxDistinct = Math.floor(entries.length / INTERN_REPEATS)
  const tracked = new Map<string, Interned & { occurrences: number }>()
  // One state per field name, looked up once per layout instead of once per entry and field.
  const states = new Map<string, FieldState>()
  const stateOf = (field: string): FieldState => {
    let state = states.get(field)
    if (state === undefined) states.set(field, state = { skip: Object.hasOwn(shared, field), interned: undefined })
    return state
  }
  let lastLayout: Layout | undefined
  let layoutStates: Array<FieldState> = []
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!
    const layout = layouts[i]!
    if (layout !== lastLayout) {
      lastLayout = layout
      layoutStates = layout.names.map(stateOf)
    }
    for (let j = 0; j < layoutStates.length; j++) {
      const state = layoutStates[j]!
      if (state.skip) continue
      const field = layout.names[j]!
      const value = entry[field]
      if (value === undefined) continue
      let interned = state.interned
      if (interned === undefined) tracked.set(field, interned = state.interned = { values: [], index: new Map(), keys: [], occurrences: 0 })
      interned.occurrences++
      const key = valueKey(value)
      interned.keys[i] = key
      if (interned.index.has(key)) continue
      if (interned.values.length >= maxDistinct) {
        // Hopeless: too many distinct values for a dictionary.
        state.skip = true
        tracked.delete(field)
        continue
      }
      interned.index.set(key, interned.values.length)
      interned.values.push(value)
    }
  }
  const result = new Map<string, Interned>()
  for (const [field, interned] of tracked) {
    if (interned.values.length * INTERN_REPEATS <= interned.occurrences) result.set(field, interned)
  }
  return result
}

interface FieldState {
  /** Shared by every entry, or hopeless: not counted. */
  skip: boolean
  interned: (Interned & { occurrences: number }) | undefined
}
