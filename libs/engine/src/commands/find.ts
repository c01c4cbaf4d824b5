import type { ArgsOf } from "@agent-desktop/contracts/commands"
import { contractStates, getsRef, normalizeRole, parseStateFilter, matchesStateFilter, type StateFilter } from "@agent-desktop/domain"
import { DesktopAdapter, type ObservedNode, type PagedSearch, type TreeObservation } from "@agent-desktop/platform"
import { Effect } from "effect"
import { InvalidArgs, Timeout } from "../errors/DesktopError.js"
import { fromPlatformError } from "../errors/fromPlatformError.js"
import { graftPages } from "../snapshot/graftPages.js"
import { incompleteRead } from "../snapshot/incompleteRead.js"
import { resolveRef, WHOLE_WINDOW_DEPTH } from "../resolve/resolveRef.js"
import { observeWindow } from "../snapshot/observeWindow.js"
import { sourceOf } from "../snapshot/renderTree.js"
import { surfaceWindowId } from "./surfaceWindow.js"

interface Query {
  readonly role?: string
  readonly name?: string
  readonly value?: string
  readonly description?: string
  readonly nativeId?: string
  readonly text?: string
  readonly exact: boolean
  readonly states: ReadonlyArray<StateFilter>
}

const fold = (text: string | undefined) => (text ?? "").toLowerCase()
const fieldMatches = (actual: string | undefined, wanted: string | undefined, exact: boolean) =>
  wanted === undefined || (exact ? fold(actual) === fold(wanted) : fold(actual).includes(fold(wanted)))

const ownText = (node: ObservedNode) => [node.name, node.value, node.description]

/** Nodes whose subtree contains the text (reference 2.1: `--text` is subtree containment). */
const subtreesContaining = (root: ObservedNode, text: string, exact: boolean): ReadonlySet<ObservedNode> => {
  const hits = new Set<ObservedNode>()
  const visit = (node: ObservedNode): boolean => {
    let found = ownText(node).some((field) => field !== undefined && fieldMatches(field, text, exact))
    for (const child of node.children ?? []) found = visit(child) || found
    if (found) hits.add(node)
    return found
  }
  visit(root)
  return hits
}

const matches = (node: ObservedNode, query: Query, textHits: ReadonlySet<ObservedNode> | undefined) =>
  (query.role === undefined || node.role === query.role) &&
  fieldMatches(node.name, query.name, query.exact) &&
  fieldMatches(node.value, query.value, query.exact) &&
  fieldMatches(node.description, query.description, query.exact) &&
  (query.nativeId === undefined || node.nativeId?.value === query.nativeId) &&
  (textHits === undefined || textHits.has(node)) &&
  query.states.every((filter) => matchesStateFilter(node.states, filter))

const label = (node: ObservedNode) => (node.name ?? "") === "" ? node.role : `${node.role}:${node.name}`

const readQuery = Effect.fnUntraced(function*(args: ArgsOf<"find">) {
  const rawRole = args.role
  const role = rawRole === undefined ? undefined : normalizeRole(rawRole)
  if (rawRole !== undefined && role === undefined) {
    return yield* new InvalidArgs({ message: `Unknown role '${rawRole}'`, suggestion: "Use a role from the snapshot output, for example button, checkbox or textfield" })
  }
  const states: Array<StateFilter> = []
  for (const token of args.state) {
    const parsed = parseStateFilter(token)
    if (parsed._tag === "Invalid") return yield* new InvalidArgs({ message: parsed.message, suggestion: parsed.suggestion })
    states.push(parsed.filter)
  }
  const fields = { role, name: args.name, value: args.value, description: args.description, nativeId: args.native_id, text: args.text }
  const query: Query = {
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
    exact: args.exact,
    states
  }
  return query
})

/** A node that matches on its own fields (--text: its own text or a descendant's), for nodes read in other pages. */
const pageMatch = (query: Query) => (node: ObservedNode): boolean => {
  if (query.text === undefined) return matches(node, query, undefined)
  return matches(node, query, subtreesContaining(node, query.text, query.exact))
}

const countMatches = (root: ObservedNode, query: Query): number => {
  const textHits = query.text === undefined ? undefined : subtreesContaining(root, query.text, query.exact)
  let n = 0
  const visit = (node: ObservedNode) => {
    if (matches(node, query, textHits)) n++
    for (const child of node.children ?? []) visit(child)
  }
  visit(root)
  return n
}

const hasPaged = (node: ObservedNode): boolean => node.paged === true || (node.children ?? []).some(hasPaged)

/**
 * Containers read by one page (more children than one read takes) are searched past that page by the adapter, and
 * what it finds is grafted into the read, so matches there get refs like any other. `wanted` matches are enough
 * (0: every page is searched: --count, --last, --nth, --limit 0).
 */
const searchPages = (query: Query, wanted: number, scoped: boolean, state: { search?: PagedSearch }) =>
  (observation: TreeObservation, deadline: number) =>
    Effect.gen(function*() {
      const adapter = yield* DesktopAdapter
      if (!observation.complete || adapter.searchPaged === undefined || !hasPaged(observation.root)) return observation
      // Enough matches in the read itself (outside a --root scope, which is filtered later): no page is read.
      if (!scoped && wanted > 0 && countMatches(observation.root, query) >= wanted) return observation
      const search = yield* adapter.searchPaged(observation, {
        matches: pageMatch(query), limit: wanted,
        // Values, text and native ids are details: a query without them is matched on each page's structure.
        fieldsOnly: query.value === undefined && query.text === undefined && query.nativeId === undefined,
        narrow: { ...(query.role === undefined ? {} : { role: query.role }), ...(query.name === undefined ? {} : { name: query.name }), exact: query.exact }
      }, deadline).pipe(
        Effect.mapError(fromPlatformError)
      )
      state.search = search
      const tops = search.found.map((chain) => chain[0]!)
      return { ...observation, root: graftPages(observation.root, tops) }
    })

/**
 * `find`: one whole-window read, filters applied depth-first, and one of three result shapes. Matches that earn a
 * ref are backed by a new snapshot (its id is returned); an incomplete read is TIMEOUT, never a silent partial.
 */
export const find = Effect.fn("find")(function*(args: ArgsOf<"find">) {
  const query = yield* readQuery(args)
  const { count, first, last, nth, limit, timeout_ms: timeoutMs, root, app } = args
  // --surface menu|alert|sheet|focused: find inside that surface's own window (commands/surfaceWindow.ts).
  const surfaceId = yield* surfaceWindowId(args)
  const windowId = surfaceId ?? args.window_id
  // A read: a page anchor (a cut container that is one of several look-alikes) scopes find by its place.
  const rootPath = root === undefined ? undefined : (yield* resolveRef(root, { timeoutMs, forRead: true })).node.path.join("/")
  const wanted = count === true || last === true || nth !== undefined ? 0 : first ? 1 : limit
  const paging: { search?: PagedSearch } = {}
  const { ocr } = args
  const observed = yield* observeWindow({
    ...(app === undefined ? {} : { app }),
    ...(windowId === undefined ? {} : { windowId }),
    render: { maxDepth: WHOLE_WINDOW_DEPTH, interactiveOnly: false, compact: false, includeBounds: false, skeleton: false },
    timeoutMs,
    ocr
  }, {
    save: !count,
    augment: searchPages(query, wanted, rootPath !== undefined, paging),
    ...(query.text === undefined || rootPath !== undefined ? {} : { textSearch: { text: query.text, exact: query.exact } })
  })
  if (!observed.observation.complete) {
    const why = incompleteRead("find", observed.observation, timeoutMs, observed.window.app_name)
    return yield* new Timeout({
      message: why.message,
      suggestion: why.suggestion,
      delivery: "not_delivered",
      details: {
        kind: "locator_incomplete", reason: why.reason, observed_matches: 0, timeout_ms: timeoutMs,
        nodes_observed: observed.observation.nodesObserved,
        ...(observed.observation.elapsedMs === undefined ? {} : { elapsed_ms: observed.observation.elapsedMs })
      }
    })
  }
  const textHits = query.text === undefined ? undefined : new Set([...subtreesContaining(observed.observation.root, query.text, query.exact), ...observed.ocrMatches])
  const found: Array<{ node: ObservedNode; path: ReadonlyArray<string> }> = []
  const rolesSeen = new Set<string>()
  const visit = (node: ObservedNode, ancestors: ReadonlyArray<string>, inScope: boolean) => {
    const scoped = inScope || rootPath !== undefined && node.path.join("/") === rootPath
    if (scoped) {
      rolesSeen.add(node.role)
      if (matches(node, query, textHits)) found.push({ node, path: ancestors })
    }
    for (const child of node.children ?? []) visit(child, [...ancestors, label(node)], scoped)
  }
  visit(observed.observation.root, [], rootPath === undefined)
  const search = paging.search
  // A search of other pages that stopped early is an answer only when it found what was asked for.
  if (search !== undefined && !search.complete && (wanted === 0 || found.length < wanted)) {
    const unresponsive = search.note?.includes("stopped answering") === true
    return yield* new Timeout({
      message: `find searched ${search.searched} of ${search.searched + search.remaining} children of a big container beyond the page read` +
        ` and found ${found.length} match(es) before it stopped: ${search.note ?? "the deadline passed"}`,
      suggestion: unresponsive
        ? "A longer --timeout-ms does not help: the app is busy. Wait until it is idle and retry, or narrow with --root."
        : `Retry with a larger --timeout-ms (this one searched ${search.searched} children in ${timeoutMs} ms), or narrow with --name/--role or --root.`,
      delivery: "not_delivered",
      details: { kind: "locator_incomplete", reason: unresponsive ? "unresponsive" : "deadline", observed_matches: found.length, timeout_ms: timeoutMs, searched: search.searched, remaining: search.remaining }
    })
  }
  if (count) return { count: found.length }
  const toMatch = ({ node, path }: { node: ObservedNode; path: ReadonlyArray<string> }) => {
    const ref = observed.captured.refByNode.get(node)
    return {
      ref_id: ref ?? null,
      role: node.role,
      ...((node.name ?? "") === "" ? {} : { name: node.name }),
      value: node.value ?? null,
      states: contractStates(node.states),
      interactive: getsRef(node.role, node.actions),
      path,
      // A context match carries its bounds, and so does text read from pixels: its box is where it is.
      ...((ref === undefined || node.source === "ocr") && node.bounds !== undefined ? { bounds: node.bounds } : {}),
      source: sourceOf(node),
      ...(node.confidence === undefined ? {} : { confidence: Math.round(node.confidence) })
    }
  }
  const rolesPresent = query.role !== undefined && found.length === 0 ? { roles_present: [...rolesSeen].sort() } : {}
  const withSnapshot = (picked: ReadonlyArray<{ node: ObservedNode }>) =>
    picked.some(({ node }) => observed.captured.refByNode.has(node)) ? { snapshot_id: observed.saved.snapshot_id } : {}
  if (first || last || nth !== undefined) {
    const picked = first ? found[0] : last ? found[found.length - 1] : found[nth!]
    return { match: picked === undefined ? null : toMatch(picked), ...withSnapshot(picked === undefined ? [] : [picked]), ...rolesPresent, sources: [...observed.sources] }
  }
  const shown = limit === 0 ? found : found.slice(0, limit)
  return {
    matches: shown.map(toMatch),
    total_matches: found.length,
    // Pages left unsearched once enough matches were found: the total is a lower bound.
    truncated: shown.length < found.length || search !== undefined && !search.complete,
    ...withSnapshot(shown),
    ...rolesPresent,
    sources: [...observed.sources]
  }
})
