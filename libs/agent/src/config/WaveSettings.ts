// Project settings from <cwd>/.wave/settings.json: hooks and auto-memory. A missing file means defaults; an
// unreadable one is reported by the caller as an error block, not a crash.
import * as fs from "node:fs"
import * as path from "node:path"

export type HookEvent = "SessionStart" | "UserPromptSubmit"

export interface HookCommand {
  readonly command: string
  readonly timeoutMs?: number
}

export interface WaveSettings {
  readonly hooks: Partial<Record<HookEvent, ReadonlyArray<HookCommand>>>
  readonly autoMemoryEnabled: boolean
  /** Extract memory after every N-th main prompt. */
  readonly autoMemoryFrequency: number
}

export const defaultSettings: WaveSettings = { hooks: {}, autoMemoryEnabled: false, autoMemoryFrequency: 1 }

export const loadSettings = (cwd: string, env: NodeJS.ProcessEnv): { settings: WaveSettings; problem?: string } => {
  const file = path.join(cwd, ".wave", "settings.json")
  let raw: string
  try {
    raw = fs.readFileSync(file, "utf8")
  } catch {
    return { settings: defaultSettings }
  }
  try {
    const parsed = JSON.parse(raw) as Partial<WaveSettings>
    const memoryDisabled = env["WAVE_DISABLE_AUTO_MEMORY"] === "1"
    return {
      settings: {
        hooks: parsed.hooks ?? {},
        autoMemoryEnabled: !memoryDisabled && parsed.autoMemoryEnabled === true,
        autoMemoryFrequency: Math.max(1, Number(parsed.autoMemoryFrequency ?? 1) || 1)
      }
    }
  } catch (error) {
    return { settings: defaultSettings, problem: `Cannot read ${file}: ${(error as Error).message}` }
  }
}
