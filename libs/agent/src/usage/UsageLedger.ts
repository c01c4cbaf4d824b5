// Token accounting for one run (D5): every model call of this process, main agent and sub-agents alike.
import type { TokenUsage } from "../provider/ChatTypes.js"
import type { UsageSource } from "../loop/AgentEvent.js"

export interface ModelUsageSummary {
  model: string
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
  requests: number
  operations: { agent_calls: number; subagent_calls: number }
  cache_read_input_tokens?: number
  cache_creation_input_tokens?: number
}

export interface UsageTotals {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
  cache_read_input_tokens?: number
  cache_creation_input_tokens?: number
}

const addCache = (target: UsageTotals | ModelUsageSummary, usage: TokenUsage) => {
  if (usage.cache_read_input_tokens !== undefined) {
    target.cache_read_input_tokens = (target.cache_read_input_tokens ?? 0) + usage.cache_read_input_tokens
  }
  if (usage.cache_creation_input_tokens !== undefined) {
    target.cache_creation_input_tokens = (target.cache_creation_input_tokens ?? 0) + usage.cache_creation_input_tokens
  }
}

export class UsageLedger {
  readonly totals: UsageTotals = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 }
  readonly byModel: Record<string, ModelUsageSummary> = {}

  record(model: string, source: UsageSource, usage: TokenUsage): void {
    this.totals.prompt_tokens += usage.prompt_tokens
    this.totals.completion_tokens += usage.completion_tokens
    this.totals.total_tokens += usage.total_tokens
    addCache(this.totals, usage)
    const entry = this.byModel[model] ??= {
      model,
      prompt_tokens: 0,
      completion_tokens: 0,
      total_tokens: 0,
      requests: 0,
      operations: { agent_calls: 0, subagent_calls: 0 }
    }
    entry.prompt_tokens += usage.prompt_tokens
    entry.completion_tokens += usage.completion_tokens
    entry.total_tokens += usage.total_tokens
    entry.requests++
    if (source === "main") entry.operations.agent_calls++
    else entry.operations.subagent_calls++
    addCache(entry, usage)
  }
}
