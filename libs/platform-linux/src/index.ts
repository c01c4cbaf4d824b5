export { LinuxAdapter, makeLinuxAdapter } from "./LinuxAdapter.js"
export { contractRole } from "./atspi/Roles.js"
export { windowIdOf, refOfWindowId } from "./atspi/WindowId.js"
export { processInstance } from "./atspi/ProcessInstance.js"
