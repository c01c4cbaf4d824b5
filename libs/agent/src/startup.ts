// @agent-desktop/agent/startup: the Effect-free pieces a CLI needs before the agent itself is loaded (validating
// settings, minting a session id, naming the tools), so the first output line does not wait for the runtime.
export { isSettingsProblem, type ModelSettings, readModelSettings, type SettingsProblem } from "./config/readModelSettings.js"
export { newSessionId } from "./loop/ids.js"
export { availableToolNames } from "./tools/toolNames.js"
export { parseToolList } from "./tools/ToolFilter.js"
