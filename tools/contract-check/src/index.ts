// Contract checks for agent-desktop envelopes. Other packages' tests import validateEnvelope to check every
// envelope they produce against the committed schema of its version.
export { validateEnvelope, type ValidateOptions, type ValidationError, type ValidationResult } from "./validateEnvelope.js"
export { checkFixtures, type FixtureExpectation, type FixtureReport } from "./checks/fixtures.js"
export {
  checkCompatibility,
  committedCompatInput,
  declaringChange,
  type BreakingDifference,
  type CompatInput,
  type CompatReport,
  type Part
} from "./checks/compat.js"
export { checkGenerated, type GeneratedReport } from "./checks/generated.js"
export { runCli, type CliIo } from "./cli.js"
export { describeDifference } from "./checks/compat.js"
export { checkUnionAgreement, rulesView, unionView, type AgreementReport } from "./checks/unionAgreement.js"
export { explainBreak } from "./checks/explainBreak.js"
export { checkReleased, recordErrata, releaseVersion, type ReleasedReport } from "./released/checkReleased.js"
export { digest, readLock, releasedFiles, type Erratum, type ReleasedLock } from "./released/ReleasedLock.js"
export { validateWave, waveSchemaNames, waveSchemaPath } from "./validateWave.js"
export { clientTypeSources, namedTypeSources, waveTypeSources } from "./namedTypes.js"
export { clientSchemaPath } from "./contractFiles.js"
