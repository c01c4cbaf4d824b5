import { describe, expect, it } from "vitest"
import { isPricingProblem, modelCost, parsePricing, totalCost } from "./pricing.js"
import { emptyUsageLedger, recordUsage } from "./usageLedger.js"

describe("pricing", () => {
  it("reads WAVE_MODEL_PRICING and says what is wrong with a bad one", () => {
    expect(parsePricing(undefined)).toEqual({})
    expect(parsePricing('{"m":{"input_per_mtok":3,"output_per_mtok":15}}')).toEqual({ m: { input_per_mtok: 3, output_per_mtok: 15 } })
    for (const [raw, problem] of [
      ["{", /not JSON/],
      ["[]", /object of models/],
      ['{"m":{"input_per_mtok":3}}', /needs input_per_mtok and output_per_mtok/],
      ['{"m":{"input_per_mtok":-1,"output_per_mtok":1}}', /non-negative/],
      ['{"m":{"input":3,"output_per_mtok":1}}', /not one of/]
    ] as const) {
      const parsed = parsePricing(raw)
      expect(isPricingProblem(parsed) ? parsed.problem : "").toMatch(problem)
    }
  })

  it("prices each kind of token; an unpriced model or an unpriced cache kind leaves the cost out", () => {
    const ledger = [
      { model: "m", source: "main" as const, usage: { prompt_tokens: 1_200_000, completion_tokens: 100_000, total_tokens: 1_300_000, cache_read_input_tokens: 200_000 } }
    ].reduce(recordUsage, emptyUsageLedger)
    const entry = ledger.byModel["m"]!
    expect(modelCost(entry, { input_per_mtok: 3, output_per_mtok: 15, cache_read_per_mtok: 0.3 })).toBeCloseTo(3 + 1.5 + 0.06)
    expect(modelCost(entry, { input_per_mtok: 3, output_per_mtok: 15 })).toBeUndefined()
    expect(totalCost(ledger.byModel, { m: { input_per_mtok: 3, output_per_mtok: 15, cache_read_per_mtok: 0.3 } })).toBeCloseTo(4.56)
    expect(totalCost(ledger.byModel, {})).toBeUndefined()
    expect(totalCost({}, { m: { input_per_mtok: 1, output_per_mtok: 1 } })).toBeUndefined()
  })
})
