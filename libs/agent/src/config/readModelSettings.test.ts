import { describe, expect, it } from "vitest"
import { readModelSettings } from "./readModelSettings.js"

const pick = (env: Record<string, string>, model?: string) => {
  const settings = readModelSettings(env, model === undefined ? {} : { model })
  return "problem" in settings ? settings.problem : { provider: settings.provider, baseUrl: settings.baseUrl, apiKey: settings.apiKey, model: settings.model }
}

describe("readModelSettings: which API", () => {
  it("WAVE_PROVIDER decides; else WAVE_BASE_URL (api.anthropic.com is the Messages API); else Claude Code's variables", () => {
    expect(pick({ WAVE_BASE_URL: "http://h/v1", WAVE_MODEL: "m", WAVE_API_KEY: "k" })).toEqual({ provider: "openai", baseUrl: "http://h/v1", apiKey: "k", model: "m" })
    expect(pick({ WAVE_PROVIDER: "anthropic", WAVE_BASE_URL: "http://h/v1/", WAVE_MODEL: "m" })).toMatchObject({ provider: "anthropic", baseUrl: "http://h/v1" })
    expect(pick({ WAVE_BASE_URL: "https://api.anthropic.com", WAVE_MODEL: "m" })).toMatchObject({ provider: "anthropic" })
    // A claude -p user's environment.
    expect(pick({ ANTHROPIC_API_KEY: "sk", ANTHROPIC_MODEL: "claude-x" })).toEqual({
      provider: "anthropic",
      baseUrl: "https://api.anthropic.com",
      apiKey: "sk",
      model: "claude-x"
    })
    expect(pick({ ANTHROPIC_BASE_URL: "http://gw:8080", ANTHROPIC_AUTH_TOKEN: "t" }, "claude-y")).toMatchObject({ provider: "anthropic", baseUrl: "http://gw:8080", model: "claude-y" })
    // WAVE_BASE_URL wins over Claude Code's variables; ANTHROPIC_API_KEY is not sent to an OpenAI endpoint.
    expect(pick({ WAVE_BASE_URL: "http://h/v1", WAVE_MODEL: "m", ANTHROPIC_API_KEY: "sk" })).toMatchObject({ provider: "openai", apiKey: undefined })
  })

  it("says what is missing or wrong", () => {
    expect(pick({})).toMatch(/WAVE_BASE_URL is not set .*WAVE_PROVIDER=anthropic or ANTHROPIC_API_KEY/)
    expect(pick({ WAVE_PROVIDER: "openai", ANTHROPIC_API_KEY: "sk" })).toMatch(/WAVE_BASE_URL is not set/)
    expect(pick({ WAVE_PROVIDER: "gemini" })).toMatch(/WAVE_PROVIDER must be openai or anthropic/)
    expect(pick({ ANTHROPIC_API_KEY: "sk" })).toMatch(/No model: set WAVE_MODEL \(or ANTHROPIC_MODEL\)/)
    expect(pick({ ANTHROPIC_BASE_URL: "ftp://x", ANTHROPIC_MODEL: "m" })).toMatch(/ANTHROPIC_BASE_URL is not an http\(s\) URL/)
  })
})
