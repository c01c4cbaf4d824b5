/**
 * Whole-window reads kept true by the app's AT-SPI events. The first read of a window is live and kept with the
 * events that arrive from then on. The next observation of that window sends one barrier call through the bus (its
 * reply comes behind every event the app emitted before answering), re-reads what those events made stale
 * (EventPatch.ts: a node, a subtree), then checks the structure no event announces: GTK 3 says nothing about a
 * widget added before its accessible exists, so every container's live child count is compared with the kept list
 * and a container that differs is re-read. A gap in the event stream, a failed barrier, a moved window, a
 * `defunct` node, too many changes or a patch that fails reads the window live again. Only toolkits whose profile
 * says they announce changes are kept. Identity proofs before actions read live.
 */
import type { ObjectRef } from "../atspi/AtspiSession.js"
import type { AtspiEvent } from "../events/AtspiEvent.js"
import type { EventStream } from "../events/EventStream.js"
import type { RawTree, ReadResult } from "../tree/RawTree.js"
import { patchFor } from "./EventPatch.js"
import { MirroredTree } from "./MirroredTree.js"
import { holdsChildren } from "./LeafRoles.js"

/** The live reads a mirror falls back on or patches with. */
export interface MirrorReads {
  /** The whole window, as without a mirror. */
  readonly live: () => Promise<ReadResult>
  /**
   * One node (maxDepth 0) or a subtree, live, from its path inside the window; `bulk`: the subtree is big enough
   * that one call for the app's whole cache costs less than reading its nodes one by one.
   */
  readonly subtree: (ref: ObjectRef, rootPath: ReadonlyArray<number>, maxDepth: number, bulk: boolean) => Promise<ReadResult>
  /** One object's live child count. */
  readonly childCount: (ref: ObjectRef) => Promise<number>
}

interface Entry {
  tree: MirroredTree | undefined
  readonly epoch: number
  readonly extents: string
  readonly busName: string
  /** Events from the app since the entry's read began, in arrival order; undefined once too many arrived. */
  pending: Array<AtspiEvent> | undefined
}

/** Windows kept at once; the least recently used is dropped first. */
const maxEntries = 32
/** Events waiting on one window before a patch is no cheaper than a read. */
const maxPendingEvents = 2000
/**
 * Above this many kept nodes a subtree is re-read with the app's bulk cache (one Cache.GetItems): read node by node,
 * a 250-node container took ~500 ms on gtk3-widget-factory where the bulk read of the whole window takes ~30 ms.
 */
const bulkSubtreeNodes = 24
/** Re-reads per patch before reading the whole window is the better deal. */
const maxPatchReads = 64

export interface MirrorRead {
  readonly result: ReadResult
  /** How the answer was made: the kept read as it was, patched, or a live read. */
  readonly via: "kept" | "patched" | "live"
}

type Reread = { readonly path: string; readonly whole: boolean; readonly tree: RawTree }

export class TreeMirror {
  private readonly entries = new Map<string, Entry>()
  private readonly inFlight = new Map<string, Promise<void>>()
  private readonly unsubscribe: () => void

  constructor(private readonly stream: EventStream) {
    this.unsubscribe = stream.subscribe((event) => {
      for (const entry of this.entries.values()) {
        if (entry.busName !== event.source.busName || !entry.pending) continue
        if (entry.pending.length >= maxPendingEvents) entry.pending = undefined
        else entry.pending.push(event)
      }
    })
  }

  /**
   * `key` names what besides the window shapes the read (its depth); `maxDepth` is the whole read's depth, so a
   * subtree re-read reaches as deep as the read it patches.
   */
  async read(window: ObjectRef, key: string, maxDepth: number, barrierMs: number, reads: MirrorReads): Promise<MirrorRead> {
    const id = `${window.busName}|${window.path}|${key}`
    // Reads of one window take turns: a patch must never run on a tree another read is patching.
    const previous = this.inFlight.get(id) ?? Promise.resolve()
    const turn = previous.then(() => this.readInTurn(window, id, maxDepth, barrierMs, reads))
    const settled = turn.then(() => undefined, () => undefined)
    this.inFlight.set(id, settled)
    void settled.then(() => this.inFlight.get(id) === settled && this.inFlight.delete(id))
    return turn
  }

  private async readInTurn(window: ObjectRef, id: string, maxDepth: number, barrierMs: number, reads: MirrorReads): Promise<MirrorRead> {
    // The entry stays listed while the barrier is in flight: events that arrive meanwhile belong to it.
    const kept = this.entries.get(id)
    const forgetAndReadLive = async (): Promise<MirrorRead> => {
      this.entries.delete(id)
      return { result: await reads.live(), via: "live" }
    }
    if (!this.stream.healthy) return forgetAndReadLive()
    let extents: string
    try {
      extents = (await this.stream.barrier(window, barrierMs)).join(",")
    } catch {
      return forgetAndReadLive()
    }
    if (kept?.tree && kept.pending && kept.epoch === this.stream.epoch && kept.extents === extents && this.entries.get(id) === kept) {
      const events = kept.pending
      kept.pending = []
      this.remember(id, kept)
      const changed = await this.patch(kept.tree, events, maxDepth, reads).catch(() => undefined)
      if (changed !== undefined && this.stream.epoch === kept.epoch) return { result: kept.tree.result(), via: changed ? "patched" : "kept" }
    }
    // Listen before reading: an event during the read is applied to it next time (a re-read is idempotent).
    const entry: Entry = { tree: undefined, epoch: this.stream.epoch, extents, busName: window.busName, pending: [] }
    this.remember(id, entry)
    const result = await reads.live()
    if (result.complete) entry.tree = new MirroredTree(result)
    else this.entries.delete(id)
    return { result, via: "live" }
  }

  /** Drops every kept read and stops listening (the adapter closes). */
  close(): void {
    this.entries.clear()
    this.unsubscribe()
  }

  /** Lists the entry as the most recently used (the oldest is the first key, dropped when full). */
  private remember(id: string, entry: Entry): void {
    this.entries.delete(id)
    if (this.entries.size >= maxEntries) this.entries.delete(this.entries.keys().next().value!)
    this.entries.set(id, entry)
  }

  /** Brings the kept tree up to date: whether anything changed; throws when the window must be read again. */
  private async patch(tree: MirroredTree, events: ReadonlyArray<AtspiEvent>, maxDepth: number, reads: MirrorReads): Promise<boolean> {
    const nodes = new Set<string>()
    const subtrees = new Set<string>()
    for (const event of events) {
      const found = tree.find(event.source.path)
      const known = found && { role: found.tree.node.role, hasChildren: (found.tree.children?.length ?? 0) > 0, parentPath: found.parentPath }
      const patch = patchFor(event, known, tree.hasManagedParts)
      if (patch.kind === "all") throw new Error(`${event.major} makes the kept read void`)
      if (patch.kind === "node") nodes.add(patch.path)
      if (patch.kind === "subtree") subtrees.add(patch.path)
    }
    // A subtree inside another one being re-read, or a node inside one, is read with it.
    const roots = outermost(tree, [...subtrees])
    const single = [...nodes].filter((path) => !roots.some((root) => tree.within(path, root)))
    if (roots.length + single.length > maxPatchReads) throw new Error("too many changes to patch")
    // Containers outside those subtrees whose live child count differs from the kept list (a child added without
    // an event), checked while the events' re-reads run; they are re-read in a second round.
    const outside = tree.containers(holdsChildren).filter(({ tree: node }) => !roots.some((root) => tree.within(node.node.ref.path, root)))
    const [mismatched, first] = await Promise.all([
      Promise.all(outside.map(async ({ tree: node, listed }) => {
        const live = await reads.childCount(node.node.ref)
        return live >= 0 && live !== listed ? node.node.ref.path : undefined
      })),
      Promise.all([...roots.map((path) => this.reread(tree, path, true, maxDepth, reads)), ...single.map((path) => this.reread(tree, path, false, maxDepth, reads))])
    ])
    apply(tree, first)
    const more = outermost(tree, mismatched.filter((path): path is string => path !== undefined))
    if (roots.length + single.length + more.length > maxPatchReads) throw new Error("too many changes to patch")
    apply(tree, await Promise.all(more.map((path) => this.reread(tree, path, true, maxDepth, reads))))
    return roots.length + single.length + more.length > 0
  }

  private async reread(tree: MirroredTree, path: string, whole: boolean, maxDepth: number, reads: MirrorReads): Promise<Reread | undefined> {
    const found = tree.find(path)
    if (!found) return undefined
    const bulk = whole && tree.sizeOf(path) > bulkSubtreeNodes
    const result = await reads.subtree(found.tree.node.ref, found.tree.path, whole ? maxDepth - found.tree.path.length : 0, bulk)
    if (whole && !result.complete) throw new Error("a subtree could not be read whole")
    // A node whose child count moved is re-read with its children.
    if (!whole && result.root.node.childCount !== (found.tree.children?.length ?? 0) && result.root.node.childCount >= 0) {
      return this.reread(tree, path, true, maxDepth, reads)
    }
    return { path, whole, tree: result.root }
  }
}

/** The paths not inside another one of the list. */
const outermost = (tree: MirroredTree, paths: ReadonlyArray<string>): Array<string> =>
  paths.filter((path) => !paths.some((other) => other !== path && tree.within(path, other)))

const apply = (tree: MirroredTree, reads: ReadonlyArray<Reread | undefined>): void => {
  for (const read of reads) {
    if (!read) continue
    if (read.whole) tree.replaceSubtree(read.path, read.tree)
    else tree.replaceNode(read.path, read.tree.node)
  }
}
