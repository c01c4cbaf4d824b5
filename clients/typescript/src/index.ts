// A typed client for the agent-desktop CLI. Argument types are generated from the contract's command spec
// (src/generated/commands.ts); results are the contract's envelope types for the pinned version.
export { AgentDesktop, argvFor, ClientError, type ClientOptions, type EnvelopeByVersion, type ResultOf, type Version } from "./AgentDesktop.js"
export { type RecoverableFailure, runFollowingRecovery, type RecoveryOptions } from "./followRecovery.js"
export * from "./generated/commands.js"
