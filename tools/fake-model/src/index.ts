export type { ChatMessage, ChatRequestBody, Matcher, RecordedRequest, Reply, Rule, Script, SseItem } from "./Script.js"
export { startFakeModel, type FakeModel } from "./server.js"
export * as chunks from "./chunks.js"
export * as match from "./match.js"
export * as anthropic from "./anthropic/events.js"
export {
  completion,
  finish,
  garbage,
  hang,
  hangup,
  http,
  pause,
  reasoning,
  reply,
  sse,
  text,
  toolCall,
  usage
} from "./chunks.js"
export { createMarkerServer } from "./mcp/markerServer.js"
export { MARKER_STDIO_SERVER, type McpHttpServer, startMcpHttp } from "./mcp/startMcpHttp.js"
