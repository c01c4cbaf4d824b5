/**
 * A check compares what the recording observed with what the replay observes now (pure).
 *
 * - snapshot: what the steps before it changed. The recording's snapshot is compared with the recording's previous
 *   snapshot of the same window: every element whose count changed between the two (a row that appeared, a button
 *   renamed by a click, a box now checked) must be there now as often as the recording saw it. Elements the steps
 *   did not change are not compared: a replay verifies the recorded effects, and an unrelated difference (a clock,
 *   a relabelled button no step touches) does not stop it; an element a step acts on is found by its own identity.
 *   The first snapshot of a window is the baseline and compares nothing. A window that holds a document (a web page,
 *   an office document) is compared inside its documents only: the chrome around them changes on its own (Chromium
 *   141 names a tab by its page and its memory use, "... - Memory usage - 23.9 MB"), and what steps do to a page
 *   shows in the page.
 * - get: the value (role, states as read; text, value and title by their SHA-256, which is all the recording kept).
 * - is: the answer.
 */
import type { ObservedElement, ReplayObservedPayload } from "./ReplayEvents.js"
import { COMPARED_STATES, valueDigest } from "./ReplayRecord.js"

const SHOWN = 10

export interface SnapshotDifference {
  readonly kind: "snapshot"
  /** Elements the recording saw appear (or saw more of) that are not there now as often. */
  readonly missing: ReadonlyArray<ObservedElement & { readonly expected_count: number; readonly observed_count: number }>
  /** Elements the recording saw go away (or saw fewer of) that are still there now. */
  readonly unexpected: ReadonlyArray<ObservedElement & { readonly expected_count: number; readonly observed_count: number }>
}

export interface ValueDifference {
  readonly kind: "get" | "is"
  readonly property: string
  readonly expected: unknown
  readonly observed: unknown
}

export type ObservationDifference = SnapshotDifference | ValueDifference

const elementKey = (element: ObservedElement): string =>
  JSON.stringify([
    element.role, element.name ?? "", element.description ?? "", element.value ?? null, element.value_sha256 ?? null,
    [...(element.states ?? [])].filter((state) => COMPARED_STATES.has(state)).sort()
  ])

/** The elements a check compares: a window's documents when it holds one, else all of it. */
export const comparedElements = (elements: ReadonlyArray<ObservedElement>): ReadonlyArray<ObservedElement> =>
  elements.some((element) => element.in_document === true) ? elements.filter((element) => element.in_document === true) : elements

const countsOf = (all: ReadonlyArray<ObservedElement>) => {
  const elements = comparedElements(all)
  const counts = new Map<string, { element: ObservedElement; count: number }>()
  for (const element of elements) {
    const key = elementKey(element)
    const known = counts.get(key)
    if (known === undefined) counts.set(key, { element, count: 1 })
    else known.count += 1
  }
  return counts
}

/** The elements whose count changed from `before` to `after` (the recorded effect), with their count after. */
export const recordedEffect = (
  before: ReadonlyArray<ObservedElement>,
  after: ReadonlyArray<ObservedElement>
): ReadonlyArray<{ readonly element: ObservedElement; readonly count: number }> => {
  const was = countsOf(before)
  const now = countsOf(after)
  const changed: Array<{ element: ObservedElement; count: number }> = []
  for (const [key, { element, count }] of now) if ((was.get(key)?.count ?? 0) !== count) changed.push({ element, count })
  for (const [key, { element }] of was) if (!now.has(key)) changed.push({ element, count: 0 })
  return changed
}

/** Whether the live window shows the recorded effect: each changed element as often as the recording saw it. */
export const compareEffect = (
  effect: ReadonlyArray<{ readonly element: ObservedElement; readonly count: number }>,
  live: ReadonlyArray<ObservedElement>
): SnapshotDifference | undefined => {
  const counts = countsOf(live)
  const missing: Array<SnapshotDifference["missing"][number]> = []
  const unexpected: Array<SnapshotDifference["unexpected"][number]> = []
  for (const { element, count } of effect) {
    const observed = counts.get(elementKey(element))?.count ?? 0
    if (observed < count) missing.push({ ...element, expected_count: count, observed_count: observed })
    if (observed > count) unexpected.push({ ...element, expected_count: count, observed_count: observed })
  }
  if (missing.length === 0 && unexpected.length === 0) return undefined
  return { kind: "snapshot", missing: missing.slice(0, SHOWN), unexpected: unexpected.slice(0, SHOWN) }
}

/** `get --property states` compares the states a check compares, in any order. */
const comparedValue = (property: string, value: unknown): unknown =>
  property === "states" && Array.isArray(value) ? value.filter((state) => COMPARED_STATES.has(String(state))).sort() : value

/** The difference between a recorded get/is observation and the data the replay's get/is returned, if any. */
export const compareValue = (
  recorded: Extract<ReplayObservedPayload, { command: "get" | "is" }>,
  data: Readonly<Record<string, unknown>>
): ValueDifference | undefined => {
  if (recorded.command === "is") {
    return data["result"] === recorded.result
      ? undefined
      : { kind: "is", property: recorded.property, expected: recorded.result, observed: data["result"] }
  }
  if (recorded.value_sha256 !== undefined) {
    return valueDigest(data["value"]) === recorded.value_sha256
      ? undefined
      : { kind: "get", property: recorded.property, expected: { sha256: recorded.value_sha256 }, observed: data["value"] }
  }
  const expected = comparedValue(recorded.property, recorded.value)
  const observed = comparedValue(recorded.property, data["value"])
  return JSON.stringify(expected) === JSON.stringify(observed) ? undefined : { kind: "get", property: recorded.property, expected, observed }
}
