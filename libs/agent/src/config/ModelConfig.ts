// Where the model lives and how hard to try. Read once from the environment (plus --model), validated up front so
// a missing setting is a clear error instead of a hang.
import { Context, Data, Effect, Layer } from "effect"

export class ModelConfigError extends Data.TaggedError("ModelConfigError")<{ readonly detail: string }> {
  override get message(): string {
    return this.detail
  }
}

export interface ModelSettings {
  readonly baseUrl: string
  readonly apiKey: string | undefined
  readonly model: string
  /** Retries after the first attempt for 429/5xx/network errors. */
  readonly maxRetries: number
  /** First backoff step; doubled per retry, capped at 32 s, jittered. */
  readonly retryBaseMs: number
  /** Connect + response-headers budget and the longest silence tolerated mid-stream. */
  readonly requestTimeoutMs: number
  readonly maxOutputTokens: number | undefined
}

const intFrom = (env: NodeJS.ProcessEnv, name: string, fallback: number): number | ModelConfigError => {
  const raw = env[name]
  if (raw === undefined || raw === "") return fallback
  const value = Number(raw)
  return Number.isInteger(value) && value >= 0
    ? value
    : new ModelConfigError({ detail: `${name} must be a non-negative integer, got "${raw}"` })
}

/** Pure: environment + flag -> settings or the first problem found. */
export const resolveModelSettings = (
  env: NodeJS.ProcessEnv,
  flags: { readonly model?: string | undefined } = {}
): ModelSettings | ModelConfigError => {
  const baseUrl = env["WAVE_BASE_URL"]
  if (baseUrl === undefined || baseUrl === "") {
    return new ModelConfigError({ detail: "WAVE_BASE_URL is not set (the OpenAI-compatible endpoint, e.g. https://host/v1)" })
  }
  try {
    const url = new URL(baseUrl)
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("protocol")
  } catch {
    return new ModelConfigError({ detail: `WAVE_BASE_URL is not an http(s) URL: "${baseUrl}"` })
  }
  const model = flags.model ?? env["WAVE_MODEL"]
  if (model === undefined || model === "") {
    return new ModelConfigError({ detail: "No model: set WAVE_MODEL or pass --model" })
  }
  const maxRetries = intFrom(env, "WAVE_MAX_RETRIES", 10)
  if (maxRetries instanceof ModelConfigError) return maxRetries
  const retryBaseMs = intFrom(env, "WAVE_RETRY_BASE_MS", 500)
  if (retryBaseMs instanceof ModelConfigError) return retryBaseMs
  const requestTimeoutMs = intFrom(env, "WAVE_REQUEST_TIMEOUT_MS", 120_000)
  if (requestTimeoutMs instanceof ModelConfigError) return requestTimeoutMs
  const maxOutput = intFrom(env, "WAVE_MAX_OUTPUT_TOKENS", 0)
  if (maxOutput instanceof ModelConfigError) return maxOutput
  return {
    baseUrl: baseUrl.replace(/\/+$/, ""),
    apiKey: env["WAVE_API_KEY"] === "" ? undefined : env["WAVE_API_KEY"],
    model,
    maxRetries,
    retryBaseMs,
    requestTimeoutMs,
    maxOutputTokens: maxOutput === 0 ? undefined : maxOutput
  }
}

export class ModelConfig extends Context.Service<ModelConfig, ModelSettings>()("@agent-desktop/agent/ModelConfig") {
  static readonly fromEnv = (env: NodeJS.ProcessEnv, flags: { readonly model?: string | undefined } = {}) =>
    Layer.effect(
      ModelConfig,
      Effect.suspend(() => {
        const settings = resolveModelSettings(env, flags)
        return settings instanceof ModelConfigError ? Effect.fail(settings) : Effect.succeed(ModelConfig.of(settings))
      })
    )
  static readonly layer = (settings: ModelSettings) => Layer.succeed(ModelConfig, ModelConfig.of(settings))
}
