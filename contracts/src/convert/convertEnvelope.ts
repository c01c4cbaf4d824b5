import { CONTRACT_VERSIONS, isContractVersion, type ContractVersion } from "../vocabulary/ContractVersion.js"
import { isRecord, type EnvelopeJson } from "./EnvelopeJson.js"
import { v2_1_v2_2 } from "./steps/v2_1_v2_2.js"
import { v2_2_v2_3 } from "./steps/v2_2_v2_3.js"
import { v2_3_v2_4 } from "./steps/v2_3_v2_4.js"
import { v2_4_v2_5 } from "./steps/v2_4_v2_5.js"
import { v2_5_v2_6 } from "./steps/v2_5_v2_6.js"
import { v2_6_v2_7 } from "./steps/v2_6_v2_7.js"
import type { VersionStep } from "./VersionStep.js"

/** Adjacent steps, oldest first: STEPS[i] converts CONTRACT_VERSIONS[i] <-> CONTRACT_VERSIONS[i + 1]. */
export const STEPS: ReadonlyArray<VersionStep> = [v2_1_v2_2, v2_2_v2_3, v2_3_v2_4, v2_4_v2_5, v2_5_v2_6, v2_6_v2_7]

/**
 * Converts an envelope from one contract version to another by composing adjacent steps. Down-conversion from the
 * newest version is total (some results become the errors older versions reported); up-conversion throws ConversionError when
 * the older envelope lacks evidence the newer shape requires.
 */
export const convertEnvelope = (envelope: EnvelopeJson, from: ContractVersion, to: ContractVersion): EnvelopeJson => {
  if (!isContractVersion(from) || !isContractVersion(to)) {
    throw new RangeError(`Unknown contract version: ${!isContractVersion(from) ? String(from) : String(to)}`)
  }
  let index = CONTRACT_VERSIONS.indexOf(from)
  const target = CONTRACT_VERSIONS.indexOf(to)
  let current = envelope
  while (index < target) current = (STEPS[index++] as VersionStep).up(current)
  while (index > target) current = (STEPS[--index] as VersionStep).down(current)
  return from === to ? current : withBatchEntries(current, from, to)
}

/**
 * A batch's completed entries are envelopes of their own: a consumer pinned to a version reads each in that version
 * too (their `index` and `execution` stay). Entries in another version than the batch's are left as they are.
 */
const withBatchEntries = (envelope: EnvelopeJson, from: ContractVersion, to: ContractVersion): EnvelopeJson => {
  if (!envelope.ok || envelope.command !== "batch" || !isRecord(envelope.data) || !Array.isArray(envelope.data["results"])) return envelope
  const results = envelope.data["results"].map((result: unknown) => {
    if (!isRecord(result) || result["execution"] !== "completed" || result["version"] !== from) return result
    const { index, execution, ...entry } = result
    return { ...convertEnvelope(entry as unknown as EnvelopeJson, from, to), index, execution }
  })
  return { ...envelope, data: { ...envelope.data, results } }
}
