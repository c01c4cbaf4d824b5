/**
 * What an incomplete read says, from why it is incomplete (`TreeObservation.incomplete`): the time it really took,
 * and a suggestion that helps. A longer --timeout-ms helps only when the deadline cut the read; an app that stopped
 * answering within one call's timeout, a window past the read's node cap or a page still loading need something else.
 */
import type { IncompleteReason, TreeObservation } from "@agent-desktop/platform"

export interface IncompleteRead {
  readonly message: string
  readonly suggestion: string
  readonly reason: IncompleteReason
}

const order: ReadonlyArray<IncompleteReason> = ["unreadable", "unresponsive", "loading", "node_cap", "deadline"]

export const incompleteRead = (what: string, observation: TreeObservation, timeoutMs: number, app: string): IncompleteRead => {
  const reasons = observation.incomplete ?? ["deadline"]
  const reason = order.find((r) => reasons.includes(r)) ?? "deadline"
  const took = observation.elapsedMs === undefined ? "" : ` (the read took ${observation.elapsedMs} ms, ${observation.nodesObserved} nodes)`
  switch (reason) {
    case "unresponsive":
      return {
        reason,
        message: `${what}: ${app} stopped answering during the read (one call waited its whole per-call timeout)${took}`,
        suggestion: "A longer --timeout-ms does not help: the app is busy. Wait until it is idle and retry, or narrow the read with --root REF of a container."
      }
    case "node_cap":
      return {
        reason,
        message: `${what}: the window holds more nodes than one read takes (50,000)${took}`,
        suggestion: "A longer --timeout-ms does not help: narrow the read with --root REF of a container (snapshot --skeleton shows them)."
      }
    case "loading":
      return {
        reason,
        message: `${what}: a document in the window is still loading${took}`,
        suggestion: "Wait until the page has loaded (wait --text, or retry in a moment), then call again."
      }
    case "unreadable":
      return {
        reason,
        message: `${what}: a part of the window lists children it does not hand out (its accessibility is off)${took}`,
        suggestion: "Run status, and restart the app with its accessibility on (skills get platform names the way per toolkit)."
      }
    case "deadline":
      return {
        reason,
        message: `${what}: the window could not be read whole within ${timeoutMs} ms${took}`,
        suggestion: "Retry with a larger --timeout-ms, or narrow the read with --root REF of a container."
      }
  }
}
