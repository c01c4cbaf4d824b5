// The result object from the folded events (resultState.ts) and what only the end of the run knows (a thrown
// failure, a signal, tasks killed at the ceiling). Seed rules: a recoverable error keeps `success`; errors with no
// main content at all, a throw, or a signal give `error_during_execution` without a `result` key; --max-turns gives
// `error_max_turns` (D8).
import { modelCost, type Pricing, totalCost } from "@agent-desktop/agent"
import type { ResultState } from "./resultState.js"
import type { PendingTask, ResultEvent } from "./waveTypes.js"

export interface ResultEnding {
  readonly sessionId: string | undefined
  readonly durationMs: number
  /** The run itself failed (creation or sending threw). */
  readonly thrown: string | undefined
  readonly signal: "SIGINT" | "SIGTERM" | undefined
  readonly maxTurnsHit: boolean
  readonly incompleteTasks: ReadonlyArray<PendingTask>
  readonly seq: number
  /** WAVE_MODEL_PRICING: costs appear only for what it prices. */
  readonly pricing?: Pricing | undefined
}

/** Whether the run failed by the seed's rules (ignoring throws and signals, which the ending knows). */
const failedWithoutContent = (state: ResultState): boolean => state.errors.length > 0 && !state.producedContent

/** model_usage with each priced model's cost_usd. */
const modelUsage = (state: ResultState, pricing: Pricing) =>
  Object.fromEntries(Object.entries(state.usage.byModel).map(([model, usage]) => {
    const cost = modelCost(usage, pricing[model])
    return [model, cost === undefined ? { ...usage } : { ...usage, cost_usd: cost }]
  }))

export const renderResult = (state: ResultState, ending: ResultEnding): ResultEvent => {
  const pricing = ending.pricing ?? {}
  const cost = totalCost(state.usage.byModel, pricing)
  const common = {
    type: "result" as const,
    subtype: "success" as const,
    is_error: false as const,
    seq: ending.seq,
    ...(ending.sessionId === undefined ? {} : { session_id: ending.sessionId }),
    num_turns: state.turns,
    duration_ms: Math.max(0, Math.round(ending.durationMs)),
    duration_api_ms: Math.max(0, Math.round(state.apiMs)),
    usage: { ...state.usage.totals },
    ...(cost === undefined ? {} : { total_cost_usd: cost }),
    model_usage: modelUsage(state, pricing),
    tool_calls: [...state.toolCalls.values()],
    ...(ending.incompleteTasks.length > 0 ? { incomplete_tasks: [...ending.incompleteTasks] } : {}),
    ...(state.denials.length > 0 ? { permission_denials: [...state.denials] } : {})
  }
  const known = [...state.errors, ...(ending.signal === undefined ? [] : [`Interrupted by ${ending.signal}`])]
  const errors = ending.thrown === undefined || known.includes(ending.thrown) ? known : [...known, ending.thrown]
  if (ending.thrown !== undefined || ending.signal !== undefined || failedWithoutContent(state)) {
    return { ...common, subtype: "error_during_execution", is_error: true, errors }
  }
  if (ending.maxTurnsHit) {
    return {
      ...common,
      subtype: "error_max_turns",
      is_error: true,
      result: state.lastText,
      errors: [...errors, "Reached the maximum number of turns"]
    }
  }
  return {
    ...common,
    subtype: "success",
    is_error: false,
    result: state.lastText,
    ...(errors.length > 0 ? { errors } : {})
  }
}
