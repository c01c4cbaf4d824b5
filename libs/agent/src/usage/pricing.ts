// Cost in USD, only where the user priced the model (WAVE_MODEL_PRICING): wave has no price list of its own, and a
// cost it does not know is left out, never reported as 0. Prices are USD per million tokens of each kind; a model
// whose calls used a kind of token without a price for it has no cost (a guess would be a fake number).
import type { ModelUsageSummary } from "./usageLedger.js"

export interface ModelPrice {
  readonly input_per_mtok: number
  readonly output_per_mtok: number
  readonly cache_read_per_mtok?: number
  readonly cache_write_per_mtok?: number
}

export type Pricing = Readonly<Record<string, ModelPrice>>

const KEYS = ["input_per_mtok", "output_per_mtok", "cache_read_per_mtok", "cache_write_per_mtok"] as const

/** `WAVE_MODEL_PRICING`: `{"<model>": {"input_per_mtok": 3, "output_per_mtok": 15, …}}`; a problem says what is wrong. */
export const parsePricing = (raw: string | undefined): Pricing | { readonly problem: string } => {
  if (raw === undefined || raw.trim() === "") return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch (error) {
    return { problem: `WAVE_MODEL_PRICING is not JSON: ${(error as Error).message}` }
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return { problem: "WAVE_MODEL_PRICING must be an object of models" }
  }
  const pricing: Record<string, ModelPrice> = {}
  for (const [model, price] of Object.entries(parsed)) {
    if (typeof price !== "object" || price === null) return { problem: `WAVE_MODEL_PRICING.${model} must be an object` }
    for (const [key, value] of Object.entries(price)) {
      if (!(KEYS as ReadonlyArray<string>).includes(key)) {
        return { problem: `WAVE_MODEL_PRICING.${model}.${key} is not one of ${KEYS.join(", ")}` }
      }
      if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
        return { problem: `WAVE_MODEL_PRICING.${model}.${key} must be a non-negative number` }
      }
    }
    const { input_per_mtok, output_per_mtok } = price as Partial<ModelPrice>
    if (input_per_mtok === undefined || output_per_mtok === undefined) {
      return { problem: `WAVE_MODEL_PRICING.${model} needs input_per_mtok and output_per_mtok` }
    }
    pricing[model] = price as ModelPrice
  }
  return pricing
}

export const isPricingProblem = (value: Pricing | { readonly problem: string }): value is { readonly problem: string } =>
  "problem" in value && typeof value.problem === "string"

/** The cost of one model's calls, or undefined when it is not (fully) priced. */
export const modelCost = (usage: ModelUsageSummary, price: ModelPrice | undefined): number | undefined => {
  if (price === undefined) return undefined
  const read = usage.cache_read_input_tokens ?? 0
  const write = usage.cache_creation_input_tokens ?? 0
  if ((read > 0 && price.cache_read_per_mtok === undefined) || (write > 0 && price.cache_write_per_mtok === undefined)) {
    return undefined
  }
  const micro = usage.input_tokens * price.input_per_mtok + usage.output_tokens * price.output_per_mtok +
    read * (price.cache_read_per_mtok ?? 0) + write * (price.cache_write_per_mtok ?? 0)
  return micro / 1_000_000
}

/** The run's cost: the sum over its models, or undefined when one of them is not priced. */
export const totalCost = (byModel: Readonly<Record<string, ModelUsageSummary>>, pricing: Pricing): number | undefined => {
  const models = Object.values(byModel)
  if (models.length === 0) return undefined
  let total = 0
  for (const usage of models) {
    const cost = modelCost(usage, pricing[usage.model])
    if (cost === undefined) return undefined
    total += cost
  }
  return total
}
