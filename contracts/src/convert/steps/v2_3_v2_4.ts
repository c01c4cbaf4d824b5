import { isRecord, isSnapshotData, mapData, restamp, without } from "../EnvelopeJson.js"
import type { VersionStep } from "../VersionStep.js"

const dropScope = (result: unknown): unknown => {
  if (!isRecord(result) || !isRecord(result["details"]) || !("verification_scope" in result["details"])) return result
  const details = without(result["details"], ["verification_scope"])
  return Object.keys(details).length > 0 ? { ...result, details } : without(result, ["details"])
}

/** 2.4 is additive (readback); down drops `details.verification_scope`, errors pass through with their code. */
export const v2_3_v2_4: VersionStep = {
  from: "2.3",
  to: "2.4",
  up: (envelope) => restamp(envelope, "2.4"),
  down: (envelope) =>
    mapData(envelope, "2.3", (data, command) =>
      isSnapshotData(data, command) && "after_action" in data
        ? { ...data, after_action: dropScope(data["after_action"]) }
        : dropScope(data)
    )
}
