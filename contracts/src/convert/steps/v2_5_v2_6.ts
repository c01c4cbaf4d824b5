import { isSnapshotData, mapData, restamp, without } from "../EnvelopeJson.js"
import type { VersionStep } from "../VersionStep.js"

/** 2.6 is additive (ref identity proof); down drops `identity_unproven`. New details kinds pass through. */
export const v2_5_v2_6: VersionStep = {
  from: "2.5",
  to: "2.6",
  up: (envelope) => restamp(envelope, "2.6"),
  down: (envelope) =>
    mapData(envelope, "2.5", (data, command) => (isSnapshotData(data, command) ? without(data, ["identity_unproven"]) : data))
}
