// @agent-desktop/agent: wave's runtime. Start reading at AgentRun.ts (one print-mode run), then loop/Agent.ts.
export { AgentRun, type RunRequest } from "./AgentRun.js"
export { type CreatedInfo, maxTurnsHit, type RunOutcome } from "./RunOutcome.js"
export { ModelConfig, ModelConfigError, type ModelSettings, resolveModelSettings } from "./config/ModelConfig.js"
export { loadProjectSettings, type ProjectSettings, type WaveSettings } from "./config/WaveSettings.js"
export { Agent } from "./loop/Agent.js"
export type { AgentOptions } from "./loop/AgentOptions.js"
export type { AgentState, Answer } from "./loop/AgentState.js"
export type { BackgroundHost, BackgroundTask } from "./loop/BackgroundTask.js"
export { accountingOnly, type AgentEvent, type EmitEvent, type ErrorSource, type PendingTaskInfo, type UsageSource } from "./loop/AgentEvent.js"
export { awaitSettled, isBusy, type SettleOptions, type SettleProbe, type SettleState } from "./loop/settle.js"
export type { ChatMessage, Completion, CompletionRequest, StreamHandlers, TokenUsage } from "./provider/ChatTypes.js"
export { ModelHttpError, ModelNetworkError, ModelProtocolError, type ModelError } from "./provider/ModelError.js"
export { ModelProvider } from "./provider/ModelProvider.js"
export {
  rebuildConversation,
  type SessionEvent,
  SessionNotFound,
  type SessionStore,
  sessionStream
} from "./session/SessionStore.js"
export {
  DESKTOP_COMMANDS,
  type DesktopEnvelope,
  type DesktopRequest,
  type DesktopToolRunner,
  desktopTools
} from "./tools/DesktopTools.js"
export type { Tool, ToolContext, ToolOutcome } from "./tools/Tool.js"
export { filterTools, parseToolList } from "./tools/ToolFilter.js"
export {
  emptyUsageLedger,
  type ModelUsageSummary,
  recordUsage,
  type UsageLedger,
  type UsageRecord,
  type UsageTotals
} from "./usage/usageLedger.js"
export { availableToolNames } from "./tools/toolNames.js"
export { type McpServerConfig, mergeServers, parseMcpConfig } from "./mcp/McpConfig.js"
export { isPricingProblem, type ModelPrice, modelCost, parsePricing, type Pricing, totalCost } from "./usage/pricing.js"
export { isSettingsProblem, readModelSettings, type SettingsProblem } from "./config/readModelSettings.js"
export { newSessionId } from "./loop/ids.js"
export {
  type Decision,
  isPermissionMode,
  PERMISSION_MODES,
  type PermissionDenial,
  PermissionGate,
  type PermissionMode
} from "./permissions/PermissionGate.js"
