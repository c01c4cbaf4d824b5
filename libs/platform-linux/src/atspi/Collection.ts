/**
 * AT-SPI `Collection`: the toolkit searches its own tree and answers with the matching objects' references, one call
 * for a subtree of any size (the ATK bridge walks the objects in the app's process: Firefox, Chromium, GTK 3). A match
 * rule narrows by roles, states, attributes and interfaces only; names are not part of it (at-spi2-core 2.46).
 */
import { DbusCallError } from "../dbus/DbusCallError.js"
import type { AtspiSession } from "./AtspiSession.js"
import type { ObjectRef } from "./ObjectRef.js"

const collectionInterface = "org.a11y.atspi.Collection"

/** AtspiCollectionMatchType. */
export const MatchType = { all: 1, any: 2, none: 3, empty: 4 } as const
/** AtspiCollectionSortOrder: document order. */
const canonical = 1

export interface MatchRule {
  /** AT-SPI role numbers, any of which matches; empty: every role. */
  readonly roles: ReadonlyArray<number>
  /** AT-SPI state numbers, all of which must be set; empty: any states. */
  readonly states: ReadonlyArray<number>
}

/** A set of small numbers as the bit set a match rule carries: bit N of word N/32. */
export const bitSet = (numbers: ReadonlyArray<number>, words: number): Array<number> => {
  const out = Array.from({ length: words }, () => 0)
  for (const n of numbers) {
    if (n < 0 || n >= words * 32) continue
    out[n >> 5] = (out[n >> 5]! | (1 << (n & 31))) | 0
  }
  return out
}

/** The rule's D-Bus value, signature `(aiia{ss}iaiiasib)`. Roles take 4 words (AT-SPI has ~130 roles), states 2. */
export const encodeRule = (rule: MatchRule): ReadonlyArray<unknown> => [
  bitSet(rule.states, 2), MatchType.all,
  [], MatchType.all,
  bitSet(rule.roles, 4), rule.roles.length === 0 ? MatchType.all : MatchType.any,
  [], MatchType.all,
  false
]

/** Whether an error says the object serves no Collection (Qt, GTK 4, anything outside the ATK bridge). */
export const noCollection = (error: unknown): boolean =>
  error instanceof DbusCallError && (error.missingMethod || error.dbusName === "org.freedesktop.DBus.Error.UnknownInterface" ||
    error.dbusName === "org.freedesktop.DBus.Error.InvalidArgs" || error.dbusName === "org.freedesktop.DBus.Error.NotSupported")

/**
 * `GetMatches` on `root`: its descendants (`traverse`) that match, in document order, at most `count` (0: all).
 * The references are the app's own (same bus name as `root`).
 */
export const getMatches = async (
  session: AtspiSession,
  root: ObjectRef,
  rule: MatchRule,
  count: number,
  timeoutMs: number
): Promise<ReadonlyArray<ObjectRef>> => {
  const [refs] = await session.call(root, {
    interface: collectionInterface,
    member: "GetMatches",
    signature: "(aiia{ss}iaiiasib)uib",
    body: [encodeRule(rule), canonical, count, true]
  }, timeoutMs)
  // A reply of another shape is no Collection to trust: the caller searches another way.
  if (!Array.isArray(refs)) throw new DbusCallError("remote", "GetMatches", "org.freedesktop.DBus.Error.NotSupported", "the reply is not a list of objects")
  return (refs as ReadonlyArray<unknown>).map((value) => {
    const [busName, path] = (Array.isArray(value) ? value : []) as [unknown, unknown]
    // Bridges answer with their unique bus name; a reply that names none is the root's own app.
    return { busName: String(busName ?? "") || root.busName, path: String(path ?? "") }
  })
}
