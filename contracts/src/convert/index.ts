// Converters between contract versions. This entry must not load TypeBox or any schema: the CLI runs it on every
// invocation that pins an older contract.
export { ConversionError } from "./ConversionError.js"
export { convertEnvelope, STEPS } from "./convertEnvelope.js"
export type { EnvelopeJson } from "./EnvelopeJson.js"
export type { VersionStep } from "./VersionStep.js"
export {
  CONTRACT_VERSIONS,
  isContractVersion,
  LATEST_CONTRACT_VERSION,
  type ContractVersion
} from "../vocabulary/ContractVersion.js"
