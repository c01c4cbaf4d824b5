/**
 * The child limit (`snapshot --max-children N`, 50 by default with -i): which children of a container are printed.
 *
 * Counted among the children the flags print (with -i, those that hold a ref: a document's first fifty paragraphs
 * must not hide the form after them). Shown: the first N, except that when the child holding the keyboard focus
 * (else the first selected child) lies further, the first N-1 and that one: an agent sees where it is. A page
 * (`--root REF --children-from K`) shows K to K+N-1. Children left out are never rendered, so they get no refs.
 */
import type { ObservedNode } from "@agent-desktop/platform"

export interface WindowCut {
  /** The shown range among the printed children, first to last inclusive (empty when last < first). */
  readonly first: number
  readonly last: number
  /** The one child past the range shown for the focus or the selection, by its index among the printed children. */
  readonly extra?: { readonly index: number; readonly why: "focus" | "selected" }
  /** How many children these flags print in all. */
  readonly total: number
}

export interface ChildWindow {
  readonly shown: ReadonlyArray<ObservedNode>
  /** Set when some printed children are left out. */
  readonly cut?: WindowCut
  /** A child left out holds a budget cut (a partial read): the container carries the mark for it. */
  readonly omittedHoldCut: boolean
}

export interface ChildLimit {
  readonly maxChildren?: number
  readonly from?: number
  readonly printable: (child: ObservedNode) => boolean
}

const holdsBudgetCut = (node: ObservedNode): boolean =>
  node.budgetCut === true && node.visibleOnly !== true || (node.children ?? []).some(holdsBudgetCut)

const holdsFocus = (node: ObservedNode): boolean =>
  node.states.includes("focused") || (node.children ?? []).some(holdsFocus)

const standOut = (printed: ReadonlyArray<ObservedNode>, limit: number): WindowCut["extra"] => {
  const beyond = printed.slice(limit)
  const focus = beyond.findIndex(holdsFocus)
  if (focus >= 0) return { index: limit + focus, why: "focus" }
  const selected = beyond.findIndex((child) => child.states.includes("selected"))
  return selected >= 0 ? { index: limit + selected, why: "selected" } : undefined
}

export const childWindow = (children: ReadonlyArray<ObservedNode>, limit: ChildLimit): ChildWindow => {
  const from = limit.from ?? 0
  // Below 1 is no limit (the flag's 0 means all).
  const max = limit.maxChildren === undefined || limit.maxChildren < 1 ? Number.POSITIVE_INFINITY : limit.maxChildren
  // The common case costs nothing: a container with no more children than the limit prints them all.
  if (from === 0 && children.length <= max) return { shown: children, omittedHoldCut: false }
  const printed = children.filter(limit.printable)
  // Children that print nothing are still visited when everything is shown: a budget cut under one is marked above.
  // A page past the end of a container with no printed children leaves nothing out either.
  if (from === 0 && printed.length <= max || printed.length === 0) return { shown: children, omittedHoldCut: false }
  let shown: Array<ObservedNode>
  let cut: WindowCut
  if (from > 0) {
    const first = Math.min(from, printed.length)
    const end = Math.min(from + max, printed.length)
    shown = printed.slice(first, end)
    cut = { first, last: end - 1, total: printed.length }
  } else {
    const extra = standOut(printed, max)
    const range = extra === undefined ? max : max - 1
    shown = printed.slice(0, range)
    if (extra !== undefined) shown.push(printed[extra.index]!)
    cut = { first: 0, last: range - 1, ...(extra === undefined ? {} : { extra }), total: printed.length }
  }
  const kept = new Set(shown)
  return { shown, cut, omittedHoldCut: children.some((child) => !kept.has(child) && holdsBudgetCut(child)) }
}

export interface PageFlags {
  readonly interactiveOnly: boolean
  readonly compact: boolean
  readonly maxChildren?: number
}

/**
 * What a cut container says, in its `hint`: the shown range, and the command that prints the next page (or, after
 * the last page, the first). Contract 2.6 has no field for it, and must not get one without a new version.
 */
export const pageHint = (cut: WindowCut, ref: string, flags: PageFlags): string => {
  const parts = cut.last < cut.first ? [] : [cut.first === cut.last ? `${cut.first}` : `${cut.first}-${cut.last}`]
  if (cut.extra !== undefined) parts.push(`${cut.extra.index} (${cut.extra.why})`)
  const next = cut.last + 1 < cut.total ? cut.last + 1 : 0
  const options = [
    ...(flags.interactiveOnly ? ["-i"] : []),
    ...(flags.compact ? ["--compact"] : []),
    ...(flags.maxChildren === undefined ? [] : [`--max-children ${flags.maxChildren}`])
  ]
  const shown = parts.length === 0 ? "none" : parts.join(" and ")
  return `children ${shown} of ${cut.total}${flags.interactiveOnly ? " with refs" : ""} shown; ` +
    `${next === 0 ? "first page" : "next"}: snapshot --root ${ref} --children-from ${next}${options.map((o) => ` ${o}`).join("")}; or find`
}

/**
 * The hint of a paged container (more children than one read takes: only a page was read), counted by child index,
 * since the children past the page are unknown: the indexes shown, and the command that reads the page after them
 * (`--children-from` is an index here).
 */
export const pagedHint = (container: ObservedNode, shown: ReadonlyArray<ObservedNode>, ref: string, flags: PageFlags): string => {
  const depth = container.path.length
  const indexes = shown.map((child) => child.path[depth] ?? 0)
  const first = indexes.length === 0 ? undefined : Math.min(...indexes)
  const last = indexes.length === 0 ? undefined : Math.max(...indexes)
  const next = last !== undefined && last + 1 < container.childCount ? last + 1 : 0
  const options = [
    ...(flags.interactiveOnly ? ["-i"] : []),
    ...(flags.compact ? ["--compact"] : []),
    ...(flags.maxChildren === undefined ? [] : [`--max-children ${flags.maxChildren}`])
  ]
  const range = first === undefined ? "none" : first === last ? `${first}` : `${first}-${last}`
  return `children ${range} of ${container.childCount} shown (by index: more than one read takes); ` +
    `${next === 0 ? "first page" : "next"}: snapshot --root ${ref} --children-from ${next}${options.map((o) => ` ${o}`).join("")}; or find; ` +
    // Twins are marked within what was read; a look-alike in another page is found only when a ref is acted on.
    "a ref here is checked against the other pages before an action"
}
