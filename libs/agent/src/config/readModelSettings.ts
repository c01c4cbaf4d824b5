// Model settings from the environment (plus --model), validated up front so a missing setting is a clear error
// instead of a hang. Pure and Effect-free: the start-up path reads it before anything heavy is loaded.

export interface ModelSettings {
  readonly baseUrl: string
  readonly apiKey: string | undefined
  readonly model: string
  /** Retries after the first attempt for 429/5xx/network errors. */
  readonly maxRetries: number
  /** First backoff step; doubled per retry, capped at 32 s, jittered. */
  readonly retryBaseMs: number
  /**
   * Connect + response-headers budget and the longest silence tolerated mid-stream (WAVE_REQUEST_TIMEOUT_MS,
   * default 60 s): a server that stops sending is cut off after this, not after the whole response could have taken.
   */
  readonly requestTimeoutMs: number
  /**
   * Wall-clock budget for one model call including its retries (WAVE_RETRY_BUDGET_MS, default 300 s): no new attempt
   * starts once it is spent, so a hung server costs at most this plus one idle timeout, never timeout x retries.
   */
  readonly retryBudgetMs: number
  readonly maxOutputTokens: number | undefined
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000
export const DEFAULT_RETRY_BUDGET_MS = 300_000

/** Why the settings are unusable. */
export interface SettingsProblem {
  readonly problem: string
}

export const isSettingsProblem = (value: ModelSettings | SettingsProblem): value is SettingsProblem => "problem" in value

const intFrom = (env: NodeJS.ProcessEnv, name: string, fallback: number): number | SettingsProblem => {
  const raw = env[name]
  if (raw === undefined || raw === "") return fallback
  const value = Number(raw)
  return Number.isInteger(value) && value >= 0
    ? value
    : { problem: `${name} must be a non-negative integer, got "${raw}"` }
}

/** Pure: environment + flag -> settings or the first problem found. */
export const readModelSettings = (
  env: NodeJS.ProcessEnv,
  flags: { readonly model?: string | undefined } = {}
): ModelSettings | SettingsProblem => {
  const baseUrl = env["WAVE_BASE_URL"]
  if (baseUrl === undefined || baseUrl === "") {
    return { problem: "WAVE_BASE_URL is not set (the OpenAI-compatible endpoint, e.g. https://host/v1)" }
  }
  try {
    const url = new URL(baseUrl)
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("protocol")
  } catch {
    return { problem: `WAVE_BASE_URL is not an http(s) URL: "${baseUrl}"` }
  }
  const model = flags.model ?? env["WAVE_MODEL"]
  if (model === undefined || model === "") {
    return { problem: "No model: set WAVE_MODEL or pass --model" }
  }
  const maxRetries = intFrom(env, "WAVE_MAX_RETRIES", 10)
  if (typeof maxRetries !== "number") return maxRetries
  const retryBaseMs = intFrom(env, "WAVE_RETRY_BASE_MS", 500)
  if (typeof retryBaseMs !== "number") return retryBaseMs
  const requestTimeoutMs = intFrom(env, "WAVE_REQUEST_TIMEOUT_MS", DEFAULT_REQUEST_TIMEOUT_MS)
  if (typeof requestTimeoutMs !== "number") return requestTimeoutMs
  const retryBudgetMs = intFrom(env, "WAVE_RETRY_BUDGET_MS", DEFAULT_RETRY_BUDGET_MS)
  if (typeof retryBudgetMs !== "number") return retryBudgetMs
  const maxOutput = intFrom(env, "WAVE_MAX_OUTPUT_TOKENS", 0)
  if (typeof maxOutput !== "number") return maxOutput
  return {
    baseUrl: baseUrl.replace(/\/+$/, ""),
    apiKey: env["WAVE_API_KEY"] === "" ? undefined : env["WAVE_API_KEY"],
    model,
    maxRetries,
    retryBaseMs,
    requestTimeoutMs,
    retryBudgetMs,
    maxOutputTokens: maxOutput === 0 ? undefined : maxOutput
  }
}

