// Static types of wave's output contract, derived from the TypeBox schemas (type-only: no runtime cost at start-up).
import type { WaveSchemas } from "@agent-desktop/contracts"
import type { Static } from "typebox"

export type StreamEvent = Static<typeof WaveSchemas["stream-event"]>
export type ResultEvent = Static<typeof WaveSchemas["result"]>
export type ToolCallEntry = ResultEvent["tool_calls"][number]
export type Usage = ResultEvent["usage"]
export type ModelUsage = ResultEvent["model_usage"][string]
export type PendingTask = NonNullable<ResultEvent["incomplete_tasks"]>[number]
