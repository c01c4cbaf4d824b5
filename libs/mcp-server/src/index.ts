export { createMcpServer, type McpIo, type McpServerHandle, runMcpServer, SERVER_NAME } from "./McpServer.js"
export { type McpOptions, parseMcpOptions } from "./McpOptions.js"
export { toolCatalog, type CatalogTool } from "./ToolCatalog.js"
export { makeEngineHost, type EngineHost } from "./EngineHost.js"
