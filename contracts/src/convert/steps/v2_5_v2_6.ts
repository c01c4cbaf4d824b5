import { isRecord, isSnapshotData, mapData, restamp, without } from "../EnvelopeJson.js"
import type { VersionStep } from "../VersionStep.js"

/**
 * 2.6 is additive (ref identity proof, status diagnostics, version's contract list); down drops
 * `identity_unproven`, status's `problems` and `probes`, and version's `contracts` and `default_contract`, which
 * 2.5's closed schemas reject. New details kinds pass through.
 */
export const v2_5_v2_6: VersionStep = {
  from: "2.5",
  to: "2.6",
  up: (envelope) => restamp(envelope, "2.6"),
  down: (envelope) =>
    mapData(envelope, "2.5", (data, command) =>
      isSnapshotData(data, command)
        ? without(data, ["identity_unproven"])
        : command === "status" && isRecord(data)
        ? without(data, ["problems", "probes"])
        : command === "version" && isRecord(data)
        ? without(data, ["contracts", "default_contract"])
        : data)
}
