export { importCycles, importGraph } from "./importGraph.js"
export { workspacePackages } from "./workspaces.js"
