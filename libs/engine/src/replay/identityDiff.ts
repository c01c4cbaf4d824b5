/**
 * What a replay shows when a recorded element cannot be found again: the element as recorded (expected) beside what
 * the window holds now (observed) — the node at the recorded place, the nodes that still carry the recorded
 * identity (twins, when there are several), and the nearest nodes of the recorded role — and, field by field, how
 * the node at the recorded place differs. Pure: it reads one whole-window read.
 */
import { identifierOf, indexWindow, matchesIdentity, nodeAtPath, type IdentityNode } from "@agent-desktop/domain"
import type { Locator } from "./Locator.js"

/** A node as a diff prints it. */
export interface NodeSummary {
  readonly role: string
  readonly name?: string
  readonly description?: string
  readonly path: ReadonlyArray<number>
  readonly states?: ReadonlyArray<string>
}

export interface FieldDifference {
  readonly field: string
  readonly expected: unknown
  readonly observed: unknown
}

export interface IdentityDiff {
  readonly expected: NodeSummary & { readonly app: string; readonly window?: string }
  readonly observed: {
    /** The live node at the recorded path, when the window has one there. */
    readonly at_path?: NodeSummary
    /** Live nodes with the recorded role and identity (more than one: twins). */
    readonly matches: ReadonlyArray<NodeSummary>
    /** The live nodes of the recorded role nearest the recorded place. */
    readonly same_role: ReadonlyArray<NodeSummary>
  }
  /** The recorded identity against the node at its place. */
  readonly differences: ReadonlyArray<FieldDifference>
}

type DiffNode = IdentityNode & { readonly states?: ReadonlyArray<string> }

const SHOWN = 5

export const summary = (node: DiffNode): NodeSummary => ({
  role: node.role,
  ...(node.name === undefined ? {} : { name: node.name }),
  ...(node.description === undefined ? {} : { description: node.description }),
  path: node.path,
  ...(node.states === undefined || node.states.length === 0 ? {} : { states: node.states })
})

/** How far apart two places are: nodes sharing a longer prefix of the path are nearer. */
const distance = (a: ReadonlyArray<number>, b: ReadonlyArray<number>): number => {
  let common = 0
  while (common < a.length && common < b.length && a[common] === b[common]) common++
  return (a.length - common) + (b.length - common)
}

const saved = (locator: Locator) => ({
  role: locator.role,
  ...(locator.name === undefined ? {} : { name: locator.name }),
  ...(locator.description === undefined ? {} : { description: locator.description }),
  ...(locator.value === undefined ? {} : { value: locator.value }),
  ...(locator.native_id === undefined ? {} : { native_id: locator.native_id })
})

const fieldsOf = (node: DiffNode): Readonly<Record<string, unknown>> => ({
  role: node.role,
  name: node.name,
  description: node.description,
  // An address (an AT-SPI object path) is where an object sits, not what it is: never a difference.
  native_id: identifierOf(node.nativeId) === undefined ? undefined : { kind: node.nativeId!.kind, value: node.nativeId!.value }
})

const differencesAt = (locator: Locator, node: DiffNode | undefined): Array<FieldDifference> => {
  if (node === undefined) return [{ field: "path", expected: locator.path, observed: null }]
  const observed = fieldsOf(node)
  const expected: Readonly<Record<string, unknown>> = { role: locator.role, name: locator.name, description: locator.description, native_id: locator.native_id }
  return Object.keys(expected)
    .filter((field) => JSON.stringify(expected[field] ?? null) !== JSON.stringify(observed[field] ?? null))
    .map((field) => ({ field, expected: expected[field] ?? null, observed: observed[field] ?? null }))
}

export const identityDiff = (locator: Locator, liveRoot: DiffNode): IdentityDiff => {
  const index = indexWindow(liveRoot)
  const peers = (index.byRole.get(locator.role) ?? []) as ReadonlyArray<DiffNode>
  const atPath = nodeAtPath(liveRoot, locator.path) as DiffNode | undefined
  const identity = saved(locator)
  const matches = peers.filter((node) => matchesIdentity(identity, node))
  const nearest = [...peers].sort((a, b) => distance(a.path, locator.path) - distance(b.path, locator.path))
  return {
    expected: {
      app: locator.app,
      ...(locator.window === undefined ? {} : { window: locator.window }),
      ...summary({ role: locator.role, name: locator.name, description: locator.description, path: locator.path, childCount: 0, ...(locator.states === undefined ? {} : { states: locator.states }) } as DiffNode)
    },
    observed: {
      ...(atPath === undefined ? {} : { at_path: summary(atPath) }),
      matches: matches.slice(0, SHOWN).map(summary),
      same_role: nearest.slice(0, SHOWN).map(summary)
    },
    differences: differencesAt(locator, atPath)
  }
}
