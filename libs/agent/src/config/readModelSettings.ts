// Model settings from the environment (plus --model), validated up front so a missing setting is a clear error
// instead of a hang. Pure and Effect-free: the start-up path reads it before anything heavy is loaded.
//
// Which API (WAVE_PROVIDER, else decided from what is set):
// - `WAVE_PROVIDER=openai|anthropic` decides.
// - Else WAVE_BASE_URL decides: the Anthropic Messages API when its host is api.anthropic.com, otherwise an
//   OpenAI-compatible chat-completions endpoint.
// - Else Claude Code's variables: ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN or ANTHROPIC_BASE_URL select the Messages
//   API (base ANTHROPIC_BASE_URL or https://api.anthropic.com), so a `claude -p` user's environment runs wave.
// The key is WAVE_API_KEY, or for the Messages API ANTHROPIC_API_KEY (ANTHROPIC_AUTH_TOKEN is sent as a bearer
// token, as gateways want); the model is --model, WAVE_MODEL, or for the Messages API ANTHROPIC_MODEL.

export type Provider = "openai" | "anthropic"

export const DEFAULT_ANTHROPIC_BASE_URL = "https://api.anthropic.com"

export interface ModelSettings {
  readonly provider: Provider
  readonly baseUrl: string
  readonly apiKey: string | undefined
  /** ANTHROPIC_AUTH_TOKEN: `Authorization: Bearer` for the Messages API. */
  readonly authToken?: string | undefined
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

const hostOf = (url: string): string | undefined => {
  try {
    return new URL(url).hostname
  } catch {
    return undefined
  }
}

/** Pure: environment + flag -> settings or the first problem found. */
export const readModelSettings = (
  env: NodeJS.ProcessEnv,
  flags: { readonly model?: string | undefined } = {}
): ModelSettings | SettingsProblem => {
  const set = (name: string): string | undefined => (env[name] === undefined || env[name] === "" ? undefined : env[name])
  const chosen = set("WAVE_PROVIDER")
  if (chosen !== undefined && chosen !== "openai" && chosen !== "anthropic") {
    return { problem: `WAVE_PROVIDER must be openai or anthropic, got "${chosen}"` }
  }
  const waveBase = set("WAVE_BASE_URL")
  const anthropicVariables = set("ANTHROPIC_API_KEY") ?? set("ANTHROPIC_AUTH_TOKEN") ?? set("ANTHROPIC_BASE_URL")
  const provider: Provider | undefined = chosen ?? (waveBase !== undefined
    ? (hostOf(waveBase) === "api.anthropic.com" ? "anthropic" : "openai")
    : anthropicVariables !== undefined ? "anthropic" : undefined)
  if (provider === undefined || (provider === "openai" && waveBase === undefined)) {
    return {
      problem: "WAVE_BASE_URL is not set (the OpenAI-compatible endpoint, e.g. https://host/v1; for the Anthropic " +
        "Messages API set WAVE_PROVIDER=anthropic or ANTHROPIC_API_KEY)"
    }
  }
  const baseUrl = waveBase ?? set("ANTHROPIC_BASE_URL") ?? DEFAULT_ANTHROPIC_BASE_URL
  const baseName = waveBase !== undefined ? "WAVE_BASE_URL" : "ANTHROPIC_BASE_URL"
  try {
    const url = new URL(baseUrl)
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("protocol")
  } catch {
    return { problem: `${baseName} is not an http(s) URL: "${baseUrl}"` }
  }
  const model = flags.model ?? set("WAVE_MODEL") ?? (provider === "anthropic" ? set("ANTHROPIC_MODEL") : undefined)
  if (model === undefined || model === "") {
    return { problem: `No model: set WAVE_MODEL${provider === "anthropic" ? " (or ANTHROPIC_MODEL)" : ""} or pass --model` }
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
  const authToken = provider === "anthropic" ? set("ANTHROPIC_AUTH_TOKEN") : undefined
  return {
    provider,
    baseUrl: baseUrl.replace(/\/+$/, ""),
    apiKey: set("WAVE_API_KEY") ?? (provider === "anthropic" ? set("ANTHROPIC_API_KEY") : undefined),
    ...(authToken === undefined ? {} : { authToken }),
    model,
    maxRetries,
    retryBaseMs,
    requestTimeoutMs,
    retryBudgetMs,
    maxOutputTokens: maxOutput === 0 ? undefined : maxOutput
  }
}

