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
