/**
 * What the toolkit-side searches of a paged container share (tree/CollectionSearch.ts, tree/TableSearch.ts): a
 * toolkit call hands back candidate objects below the container; names narrow them (pipelined `Name` gets; an object
 * whose name cannot decide stays a candidate), each candidate's place is asked upwards (`GetIndexInParent` to the
 * container, never a listing of its siblings), and the container's children holding candidates are read whole, by
 * those indexes alone (`ReadOptions.focus`), so the engine's own filters decide on what was read.
 */
import type { ObservedNode, PagedQuery } from "@agent-desktop/platform"
import { Accessible, isNullRef } from "../atspi/Accessible.js"
import type { AtspiSession } from "../atspi/AtspiSession.js"
import type { ObjectRef } from "../atspi/ObjectRef.js"
import { AtspiRole, contractRole } from "../atspi/Roles.js"
import { DbusCallError } from "../dbus/DbusCallError.js"
import type { ToolkitProfile } from "../toolkits/ToolkitProfile.js"
import { toObserved } from "./Observed.js"
import type { CacheIndex } from "./read/CacheIndex.js"
import type { TreeReader } from "./TreeReader.js"

/** Calls in flight at once for names and places (one socket write per batch). */
export const BATCH = 512
/** Container children read whole in one focused read. */
const READ_BATCH = 256
/** Levels walked up from a match to its container at most. */
const MAX_LEVELS = 64
/** AT-SPI role numbers (at-spi2-core 2.46 has fewer than 130). */
const ROLE_NUMBERS = Array.from({ length: 130 }, (_, n) => n)
/** Roles a label takes when a tree read makes it an item (tree/ItemRole.ts). */
const ITEM_ROLES = new Set(["treeitem", "option", "cell"])

/** The AT-SPI roles a contract role is read from; empty (every role) when none is asked. */
export const atspiRolesFor = (role: string | undefined): ReadonlyArray<number> => {
  if (role === undefined) return []
  const numbers = ROLE_NUMBERS.filter((n) => contractRole(n) === role)
  if (ITEM_ROLES.has(role)) numbers.push(AtspiRole.label)
  return numbers
}

const fold = (text: string) => text.toLowerCase()

/**
 * Whether an object whose toolkit name is `name` may match: its name holds the wanted one, or the read may give it
 * another (an empty or placeholder name is taken from content or labels; a combo box's name may be its value).
 */
export const nameMayMatch = (name: string, wanted: string, exact: boolean, profile: ToolkitProfile): boolean =>
  (exact ? fold(name) === fold(wanted) : fold(name).includes(fold(wanted))) || name === "" || profile.placeholderNames.includes(name)

export interface SearchOutcome {
  readonly found: ReadonlyArray<ReadonlyArray<ObservedNode>>
  /** Every candidate was decided. */
  readonly complete: boolean
  /** Children of the container searched (all of them once the toolkit answered and every candidate was decided). */
  readonly searched: number
  readonly note?: string
}

/** Runs `f` over `items` `size` at a time, in order; stops early when `stop` says so after a batch. */
export const inBatches = async <A, B>(items: ReadonlyArray<A>, size: number, f: (item: A) => Promise<B>, stop?: (done: ReadonlyArray<B>) => boolean): Promise<Array<B>> => {
  const out: Array<B> = []
  for (let start = 0; start < items.length; start += size) {
    out.push(...await Promise.all(items.slice(start, start + size).map(f)))
    if (stop?.(out) === true) break
  }
  return out
}

/** A failed read of one object that is gone (a row removed meanwhile) drops it; anything else fails the search. */
export const goneAsUndefined = (error: unknown): undefined => {
  if (error instanceof DbusCallError && (error.objectGone || error.failure === "remote")) return undefined
  throw error
}

/** The indexes from `container` down to `ref`, asked upwards; undefined when `ref` is not below it. */
export const placeBelow = async (session: AtspiSession, container: ObjectRef, ref: ObjectRef, timeoutMs: () => number): Promise<Array<number> | undefined> => {
  const path: Array<number> = []
  let current = Accessible.of(session, ref)
  for (let level = 0; level < MAX_LEVELS; level++) {
    const [index, parent] = await Promise.all([current.indexInParent(timeoutMs()), current.parent(timeoutMs())])
    if (index < 0 || isNullRef(parent)) return undefined
    path.unshift(index)
    if (parent.path === container.path) return path
    current = current.sibling(parent.path)
  }
  return undefined
}

/** The chains from `top` down to each match below it (inclusive). */
export const chainsTo = (top: ObservedNode, query: PagedQuery): Array<Array<ObservedNode>> => {
  const out: Array<Array<ObservedNode>> = []
  const visit = (node: ObservedNode, above: ReadonlyArray<ObservedNode>) => {
    const chain = [...above, node]
    if (query.matches(node)) out.push(chain)
    for (const child of node.children ?? []) visit(child, chain)
  }
  visit(top, [])
  return out
}

/** The objects of `refs` whose names may match the query's (all of them when it names none). */
export const narrowByName = async (
  session: AtspiSession,
  refs: ReadonlyArray<ObjectRef>,
  query: PagedQuery,
  profile: ToolkitProfile,
  timeout: () => number
): Promise<Array<ObjectRef>> => {
  const wanted = query.narrow?.name
  if (wanted === undefined || wanted === "") return [...refs]
  const exact = query.narrow?.exact === true
  const kept = await inBatches(refs, BATCH, async (match) => {
    const accessible = Accessible.of(session, match)
    const name = await accessible.name(timeout()).catch(goneAsUndefined)
    if (name === undefined) return undefined
    if (nameMayMatch(name, wanted, exact, profile)) return match
    // Combo boxes may be named by their value: their role decides, asked only for names that do not match.
    return (await accessible.role(timeout()).catch(goneAsUndefined)) === AtspiRole.comboBox ? match : undefined
  })
  return kept.filter((match): match is ObjectRef => match !== undefined)
}

/** Where a container's candidates were read: the matches found, and how far down the container they reached. */
export interface CandidateRows {
  /** The highest child index of the container a candidate sat under (-1: none). */
  readonly lastTop: number
  /** Candidates decided (in order): fewer than given when enough matches were found first. */
  readonly decided: number
  /** Set when a read of candidate rows stopped short (deadline or an unresponsive app). */
  readonly note?: string
}

/**
 * Places `candidates` below the container and reads the children holding them whole (a child the window read took
 * is the engine's already), pushing each match's chain onto `found`; stops once `enough` says so.
 */
export const readCandidateRows = async (
  session: AtspiSession,
  reader: TreeReader,
  container: ObservedNode,
  ref: ObjectRef,
  read: ReadonlySet<number>,
  query: PagedQuery,
  deadline: number,
  cache: CacheIndex | null | undefined,
  candidates: ReadonlyArray<ObjectRef>,
  timeout: () => number,
  found: Array<Array<ObservedNode>>,
  enough: () => boolean
): Promise<CandidateRows> => {
  const key = container.path.join("/")
  const depth = container.path.length
  const maxDepth = Math.max(1, 64 - depth)
  let lastTop = -1
  let decided = 0
  for (let start = 0; start < candidates.length && !enough(); start += READ_BATCH) {
    decided = Math.min(candidates.length, start + READ_BATCH)
    const places = await inBatches(candidates.slice(start, start + READ_BATCH), BATCH,
      (match) => placeBelow(session, ref, match, timeout).catch(goneAsUndefined))
    const tops = new Set<number>()
    for (const place of places) {
      if (place === undefined) continue
      lastTop = Math.max(lastTop, place[0]!)
      if (!read.has(place[0]!)) tops.add(place[0]!)
    }
    if (tops.size === 0) continue
    const whole = await reader.read(ref, { maxDepth, deadline, rootPath: container.path, ...(cache === undefined ? {} : { cache }), focus: new Map([[key, tops]]) })
    for (const child of toObserved(whole.root).children ?? []) {
      if (!tops.has(child.path[depth]!)) continue
      for (const chain of chainsTo(child, query)) found.push(chain)
    }
    if (!whole.complete) {
      const note = whole.incomplete.includes("unresponsive")
        ? "the app stopped answering while the rows holding matches were read"
        : "the deadline passed while the rows holding matches were read"
      return { lastTop, decided, note }
    }
  }
  return { lastTop, decided }
}
