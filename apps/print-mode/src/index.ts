// @agent-desktop/print-mode: the `wave` CLI. Start reading at main.ts.
export { main, type MainIo, VERSION } from "./main.js"
export { parseArgs, type WaveArgs, type OutputFormat } from "./cli/parseArgs.js"
export { ResultFold } from "./projection/resultFold.js"
export { StreamJsonProjection } from "./projection/streamJson.js"
export { TextProjection } from "./projection/textProjection.js"
