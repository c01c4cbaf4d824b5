import { failure, isRecord, isSnapshotData, mapData, restamp, without, type EnvelopeJson, type JsonRecord } from "../EnvelopeJson.js"
import type { VersionStep } from "../VersionStep.js"

const PARTIAL_FIELDS = ["complete", "truncated", "nodes_observed"]

const stripCuts = (node: unknown): unknown => {
  if (!isRecord(node)) return node
  const rest = without(node, ["subtree_truncated"])
  return Array.isArray(rest["children"]) ? { ...rest, children: rest["children"].map(stripCuts) } : rest
}

/**
 * 2.2 turned an exhausted snapshot budget into a partial success. Down, a partial result becomes the TIMEOUT it
 * was in 2.1 (lossy); the disposition is the acting command's own when a `--wait-for` followed a delivery.
 */
const partialToTimeout = (envelope: EnvelopeJson, data: JsonRecord): EnvelopeJson => {
  const afterAction = data["after_action"]
  const delivered = isRecord(afterAction) && isRecord(afterAction["disposition"])
  return failure(envelope, "2.1", {
    code: "TIMEOUT",
    message: `Snapshot budget exhausted after ${String(data["nodes_observed"] ?? "some")} nodes; contract 2.1 has no partial snapshots`,
    suggestion: "Snapshot a narrower root, or pin contract 2.2 or later to receive the partial tree",
    disposition: delivered ? afterAction["disposition"] : { delivery: "not_delivered", retry: "safe" },
    details: {
      kind: "observation_incomplete",
      snapshot_id: data["snapshot_id"],
      nodes_observed: data["nodes_observed"],
      ...(delivered ? { after_action: afterAction } : {})
    }
  })
}

export const v2_1_v2_2: VersionStep = {
  from: "2.1",
  to: "2.2",
  up: (envelope) =>
    mapData(envelope, "2.2", (data, command) => (isSnapshotData(data, command) ? { ...data, complete: true } : data)),
  down: (envelope) => {
    const data = envelope.data
    if (!envelope.ok || !isSnapshotData(data, envelope.command)) return restamp(envelope, "2.1")
    if (data["complete"] === false) return partialToTimeout(envelope, data)
    const rest = without(data, PARTIAL_FIELDS)
    return mapData(envelope, "2.1", () => ("tree" in rest ? { ...rest, tree: stripCuts(rest["tree"]) } : rest))
  }
}
