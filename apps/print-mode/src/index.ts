// @agent-desktop/print-mode: the `wave` CLI. Start reading at main.ts.
export { main, type MainIo, VERSION } from "./main.js"
export { parseArgs, type WaveArgs, type OutputFormat } from "./cli/parseArgs.js"
export { renderResult, type ResultEnding } from "./projection/renderResult.js"
export { emptyResult, type ResultState, resultStep } from "./projection/resultState.js"
export {
  emptyStream,
  streamCreated,
  streamFinish,
  streamReleased,
  type StreamState,
  type StreamStep,
  streamStep
} from "./projection/streamJsonState.js"
export { emptyText, textEnd, type TextState, type TextStep, textStep } from "./projection/textState.js"
