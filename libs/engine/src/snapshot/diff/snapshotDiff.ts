/**
 * What changed in a window between a base snapshot and a new read numbered against it (baseNumbering.ts), over the
 * elements that get refs (what `-i` prints): every ref the new snapshot kept from the base is the same element, so
 *
 * - added: a printed node whose number is past the base's counter, with its printed subtree and the ref of its
 *   nearest printed ancestor that has one (`parent`); a node new to the RefMap that holds elements the base had (a
 *   container that only now earns a ref, as a cut container's page anchor does, or a new wrapper) is not itself
 *   added: its elements are compared one by one;
 * - removed: a base ref no node of the whole read matches (drill-down pages excepted: a `--root` read adds refs a
 *   window read never prints), with its role and name; a base element that is there but not printed this time (a cut
 *   container's further children, an element a find's snapshot had a ref for) is neither removed nor compared;
 * - changed: a kept ref whose name, value, description, states or actions differ, as it is now (its children are
 *   listed on their own), with the fields that changed and what they were (a value the store keeps only as a digest,
 *   a text field's contents, is named in `changed` but not shown in `was`);
 * - unchanged: how many kept refs did not change; their refs, from either snapshot, still name them.
 */
import { contractActions, contractStates, refKey, type RefEntry } from "@agent-desktop/domain"
import type { OutputNode } from "../renderTree.js"

type Field = "name" | "value" | "description" | "states" | "available_actions"

export interface DiffAdded {
  readonly parent?: string
  readonly node: OutputNode
}

export interface DiffRemoved {
  readonly ref_id: string
  readonly role: OutputNode["role"]
  readonly name?: string
}

export interface DiffChanged {
  /** The element as it is now, without its children (they are listed on their own). */
  readonly node: Omit<OutputNode, "children">
  readonly changed: ReadonlyArray<Field>
  readonly was: {
    readonly name?: string
    readonly value?: string
    readonly description?: string
    readonly states?: NonNullable<OutputNode["states"]>
    readonly available_actions?: NonNullable<OutputNode["available_actions"]>
  }
}

export interface SnapshotDiff {
  readonly since: string
  readonly added: ReadonlyArray<DiffAdded>
  readonly removed: ReadonlyArray<DiffRemoved>
  readonly changed: ReadonlyArray<DiffChanged>
  readonly unchanged: number
}

/** The diff as printed: the lists that are empty left out (no default-valued fields). */
export const printedDiff = (diff: SnapshotDiff) => ({
  since: diff.since,
  ...(diff.added.length === 0 ? {} : { added: diff.added }),
  ...(diff.removed.length === 0 ? {} : { removed: diff.removed }),
  ...(diff.changed.length === 0 ? {} : { changed: diff.changed }),
  unchanged: diff.unchanged
})

export interface DiffInput {
  readonly baseId: string
  readonly base: Readonly<Record<string, RefEntry>>
  readonly baseCounter: number
  readonly refs: Readonly<Record<string, RefEntry>>
  readonly tree: OutputNode
  /** Base keys some node of the whole read matches (baseNumbering's `present`); undefined: only the printed ones. */
  readonly present?: ReadonlySet<string>
}

const numberOf = (refId: string): number => Number(refId.slice(refId.lastIndexOf(":e") + 2))

const sameList = (a: ReadonlyArray<string> | undefined, b: ReadonlyArray<string> | undefined): boolean => {
  const left = [...a ?? []].sort()
  const right = [...b ?? []].sort()
  return left.length === right.length && left.every((item, i) => item === right[i])
}

/** The fields of an element that differ between its base entry and its new one. */
export const changedFields = (before: RefEntry, after: RefEntry): ReadonlyArray<Field> => {
  const fields: Array<Field> = []
  if ((before.name ?? "") !== (after.name ?? "")) fields.push("name")
  if ((before.value ?? "") !== (after.value ?? "") || (before.value_digest ?? "") !== (after.value_digest ?? "")) fields.push("value")
  if ((before.description ?? "") !== (after.description ?? "")) fields.push("description")
  if (!sameList(before.states, after.states)) fields.push("states")
  if (!sameList(before.available_actions, after.available_actions)) fields.push("available_actions")
  return fields
}

const wasOf = (before: RefEntry, fields: ReadonlyArray<Field>): DiffChanged["was"] => {
  const was: { -readonly [K in keyof DiffChanged["was"]]: DiffChanged["was"][K] } = {}
  for (const field of fields) {
    if (field === "states") was.states = contractStates(before.states ?? [])
    else if (field === "available_actions") was.available_actions = contractActions(before.available_actions)
    else if (field === "value") {
      if (before.value_digest === undefined) was.value = before.value ?? ""
    } else was[field] = before[field] ?? ""
  }
  return was
}

/** How many printed nodes with refs a subtree holds (what an added subtree weighs against the limit). */
export const refsIn = (node: OutputNode): number =>
  (node.ref_id === undefined ? 0 : 1) + (node.children ?? []).reduce((sum, child) => sum + refsIn(child), 0)

export const snapshotDiff = (input: DiffInput): SnapshotDiff => {
  const added: Array<DiffAdded> = []
  const changed: Array<DiffChanged> = []
  const kept = new Set<string>()
  let unchanged = 0
  const isKept = (node: OutputNode): boolean => {
    if (node.ref_id === undefined) return false
    const number = numberOf(node.ref_id)
    return number <= input.baseCounter && input.base[refKey(number)] !== undefined
  }
  const holdsKept = (node: OutputNode): boolean => (node.children ?? []).some((child) => isKept(child) || holdsKept(child))
  const visit = (node: OutputNode, parent: string | undefined): void => {
    if (node.ref_id !== undefined) {
      const number = numberOf(node.ref_id)
      const key = refKey(number)
      if (!isKept(node)) {
        if (!holdsKept(node)) {
          added.push({ ...(parent === undefined ? {} : { parent }), node })
          return
        }
        for (const child of node.children ?? []) visit(child, node.ref_id)
        return
      }
      kept.add(key)
      const fields = changedFields(input.base[key]!, input.refs[key]!)
      if (fields.length === 0) unchanged++
      else {
        const { children: _children, ...now } = node
        changed.push({ node: now, changed: fields, was: wasOf(input.base[key]!, fields) })
      }
    }
    for (const child of node.children ?? []) visit(child, node.ref_id ?? parent)
  }
  visit(input.tree, undefined)
  const removed = Object.entries(input.base)
    .filter(([key, entry]) => !kept.has(key) && entry.root_ref === undefined && input.present?.has(key) !== true)
    .map(([key, entry]): DiffRemoved => ({
      ref_id: `@${input.baseId}:${key.slice(1)}`,
      // A RefEntry's role is the node's, already in the contract's vocabulary.
      role: entry.role as OutputNode["role"],
      ...(entry.name === undefined || entry.name === "" ? {} : { name: entry.name })
    }))
  return { since: input.baseId, added, removed, changed, unchanged }
}

/** How many elements a diff names (an added subtree counts each of its refs). */
export const diffWeight = (diff: SnapshotDiff): number =>
  diff.added.reduce((sum, entry) => sum + Math.max(1, refsIn(entry.node)), 0) + diff.removed.length + diff.changed.length
