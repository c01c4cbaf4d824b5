import type { ArgsOf } from "@agent-desktop/contracts/commands"
import type { ObservedNode, TreeObservation } from "@agent-desktop/platform"
import { Effect } from "effect"
import { InvalidArgs, Timeout } from "../errors/DesktopError.js"
import { Invocation } from "../Invocation.js"
import { resolveRef } from "../resolve/resolveRef.js"
import { captureSnapshot } from "../snapshot/captureSnapshot.js"
import { observeDiff } from "../snapshot/diff/observeDiff.js"
import { observeWindow, snapshotData, snapshotRequest, type SnapshotRequest } from "../snapshot/observeWindow.js"
import { loadSnapshot, withStore } from "../StoreAccess.js"

/**
 * `--root REF`: resolve the root, render its subtree, and merge the new refs into the same snapshot: refs under that
 * root are replaced, the counter continues, every other ref survives. The root is resolved for a read: a container
 * proven unique, or one at its unchanged place (a page anchor, `forRead`). With `--children-from K` the root prints
 * its children from K on (a page); refs of its other pages are replaced too.
 *
 * The subtree is rendered from the whole-window read that resolved the root (read as deep as the tree goes, and
 * complete, or the root would not have resolved): no second read, and no walk from the element back up to its
 * window, which LibreOffice 7.4's sheet does not allow (the adapter's subtree read answered ELEMENT_NOT_FOUND
 * "the drill-down root is not inside this window", so the sheet's visible cells could not be paged).
 */
const countNodes = (node: ObservedNode): number => (node.children ?? []).reduce((n, child) => n + countNodes(child), 1)

const drillDown = Effect.fn("drillDown")(function*(root: string, request: SnapshotRequest) {
  const invocation = yield* Invocation
  const childrenFrom = request.render.childrenFrom
  const resolved = yield* resolveRef(root, { timeoutMs: request.timeoutMs, forRead: true, ...(childrenFrom === undefined ? {} : { childrenFrom }),
    // The page printed is the page read (Chromium answers GetChildAtIndex in O(index): 2,000 rows of a big table
    // cost more than a drill-down's budget, its 50 do not).
    ...(childrenFrom === undefined || request.render.maxChildren === undefined ? {} : { childrenCount: request.render.maxChildren }) })
  // A paged container was read from that index on: its page is printed from its start (the hint counts by index).
  const { childrenFrom: _printedFrom, ...fromStart } = request.render
  const render = resolved.node.paged === true ? fromStart : request.render
  const observation: TreeObservation = { window: resolved.window, root: resolved.node, complete: resolved.windowComplete, nodesObserved: countNodes(resolved.node) }
  if (!observation.complete) {
    return yield* new Timeout({
      message: `The subtree under ${root} could not be read whole within ${request.timeoutMs} ms`,
      delivery: "not_delivered",
      details: { kind: "observation_root_incomplete", ref: root, nodes_observed: observation.nodesObserved, timeout_ms: request.timeoutMs }
    })
  }
  const rootKey = `@${root.slice(root.lastIndexOf(":") + 1)}`
  const captured = captureSnapshot({
    snapshotId: resolved.snapshot.snapshot_id,
    observation,
    windowRoot: resolved.windowRoot,
    windowComplete: resolved.windowComplete,
    render: { ...render, skeleton: false },
    startCounter: resolved.snapshot.counter,
    rootRef: rootKey,
    rootRefId: root
  })
  // The store numbers the new refs after the snapshot's counter, in the order given: the same numbers the
  // render just printed, since both continue from the counter this invocation loaded.
  const drilled = yield* withStore((store) =>
    store.drillDown(invocation.namespace, resolved.snapshot.snapshot_id, { root_ref: rootKey, entries: Object.values(captured.refs) })
  )
  const saved = yield* loadSnapshot(invocation.namespace, resolved.snapshot.snapshot_id)
  invocation.record("snapshot.drilled", { snapshot_id: saved.snapshot_id, root, added: drilled.keys.length, removed: drilled.removed.length })
  return snapshotData(saved, resolved.window, captured.tree, observation)
})

export const snapshot = Effect.fn("snapshot")(function*(args: ArgsOf<"snapshot">) {
  const request = yield* snapshotRequest(args)
  const { root } = args
  const since = args.since
  const diff = args.diff || since !== undefined
  if (diff && root !== undefined) {
    return yield* new InvalidArgs({ message: "--diff compares whole windows; --root reads a subtree", suggestion: "Leave --root out, or --diff" })
  }
  if (root !== undefined) return yield* drillDown(root, request)
  if (diff) return yield* observeDiff(request, since)
  return (yield* observeWindow(request)).data
})
