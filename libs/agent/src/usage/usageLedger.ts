// Token accounting (D5) as a fold: every model call's `usage` event, main agent, sub-agents and memory extraction
// alike, added into one immutable record. A run keeps it in a Ref; print-mode folds the same events into its result.
// Two unit systems side by side: the seed's OpenAI units (`prompt_tokens` includes the cache reads and writes) and
// the Anthropic units a `claude -p` consumer's parser reads (`input_tokens` excludes them, `output_tokens`).
import type { TokenUsage } from "../provider/ChatTypes.js"
import type { UsageSource } from "../loop/AgentEvent.js"

export interface UsageTotals {
  readonly prompt_tokens: number
  readonly completion_tokens: number
  readonly total_tokens: number
  /** Prompt tokens that were neither read from nor written to a cache (Anthropic's `input_tokens`). */
  readonly input_tokens: number
  /** = completion_tokens (Anthropic's name). */
  readonly output_tokens: number
  readonly cache_read_input_tokens?: number
  readonly cache_creation_input_tokens?: number
}

export interface ModelUsageSummary extends UsageTotals {
  readonly model: string
  readonly requests: number
  readonly operations: { readonly agent_calls: number; readonly subagent_calls: number }
}

export interface UsageLedger {
  readonly totals: UsageTotals
  /** One entry per model, in the order the models were first used. */
  readonly byModel: Readonly<Record<string, ModelUsageSummary>>
}

/** One model call's usage, as the `usage` event carries it. */
export interface UsageRecord {
  readonly model: string
  readonly source: UsageSource
  readonly usage: TokenUsage
}

export const emptyUsageLedger: UsageLedger = {
  totals: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0, input_tokens: 0, output_tokens: 0 },
  byModel: {}
}

/** A call's prompt tokens without the cache reads and writes it includes (never below 0 for odd gateway numbers). */
export const uncachedInput = (usage: TokenUsage): number =>
  Math.max(0, usage.prompt_tokens - (usage.cache_read_input_tokens ?? 0) - (usage.cache_creation_input_tokens ?? 0))

/** Adds token counts; a cache count appears once some call reported it (keys keep their first-seen order). */
const addTokens = <T extends UsageTotals>(target: T, usage: TokenUsage): T => ({
  ...target,
  prompt_tokens: target.prompt_tokens + usage.prompt_tokens,
  completion_tokens: target.completion_tokens + usage.completion_tokens,
  total_tokens: target.total_tokens + usage.total_tokens,
  input_tokens: target.input_tokens + uncachedInput(usage),
  output_tokens: target.output_tokens + usage.completion_tokens,
  ...(usage.cache_read_input_tokens === undefined ? {} : {
    cache_read_input_tokens: (target.cache_read_input_tokens ?? 0) + usage.cache_read_input_tokens
  }),
  ...(usage.cache_creation_input_tokens === undefined ? {} : {
    cache_creation_input_tokens: (target.cache_creation_input_tokens ?? 0) + usage.cache_creation_input_tokens
  })
})

const newEntry = (model: string): ModelUsageSummary => ({
  model,
  prompt_tokens: 0,
  completion_tokens: 0,
  total_tokens: 0,
  input_tokens: 0,
  output_tokens: 0,
  requests: 0,
  operations: { agent_calls: 0, subagent_calls: 0 }
})

/** The ledger after one more model call. */
export const recordUsage = (ledger: UsageLedger, call: UsageRecord): UsageLedger => {
  const entry = ledger.byModel[call.model] ?? newEntry(call.model)
  const main = call.source === "main"
  return {
    totals: addTokens(ledger.totals, call.usage),
    byModel: {
      ...ledger.byModel,
      [call.model]: addTokens({
        ...entry,
        requests: entry.requests + 1,
        operations: {
          agent_calls: entry.operations.agent_calls + (main ? 1 : 0),
          subagent_calls: entry.operations.subagent_calls + (main ? 0 : 1)
        }
      }, call.usage)
    }
  }
}
