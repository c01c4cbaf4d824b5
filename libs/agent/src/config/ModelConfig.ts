// The model settings as an Effect service; reading and validating them is the pure readModelSettings.
import { Context, Data, Effect, Layer } from "effect"
import { isSettingsProblem, type ModelSettings, readModelSettings } from "./readModelSettings.js"

export type { ModelSettings } from "./readModelSettings.js"

export class ModelConfigError extends Data.TaggedError("ModelConfigError")<{ readonly detail: string }> {
  override get message(): string {
    return this.detail
  }
}

/** Environment + flag -> settings or the first problem found, as a typed error. */
export const resolveModelSettings = (
  env: NodeJS.ProcessEnv,
  flags: { readonly model?: string | undefined } = {}
): ModelSettings | ModelConfigError => {
  const settings = readModelSettings(env, flags)
  return isSettingsProblem(settings) ? new ModelConfigError({ detail: settings.problem }) : settings
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
