// The --show-stats summary: usage and timing. stdout in text mode, stderr in structured modes (5.10, 5.11).
import type { Usage } from "./waveTypes.js"

export const statsText = (usage: Usage, startedAt: number, endedAt: number, costUsd?: number | undefined): string => {
  const cache = [
    usage.cache_read_input_tokens === undefined ? undefined : `cache read ${usage.cache_read_input_tokens}`,
    usage.cache_creation_input_tokens === undefined ? undefined : `cache write ${usage.cache_creation_input_tokens}`
  ].filter((part) => part !== undefined)
  return [
    "",
    `📊 Usage: ${usage.prompt_tokens} prompt + ${usage.completion_tokens} completion = ${usage.total_tokens} tokens` +
    (cache.length > 0 ? ` (${cache.join(", ")})` : ""),
    ...(costUsd === undefined ? [] : [`💵 Cost: $${costUsd.toFixed(6)}`]),
    `⏱️  Started: ${new Date(startedAt).toISOString()}`,
    `⏱️  Ended: ${new Date(endedAt).toISOString()}`,
    `⏱️  Duration: ${((endedAt - startedAt) / 1000).toFixed(2)}s`,
    ""
  ].join("\n")
}
