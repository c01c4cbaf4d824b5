// Project settings from <cwd>/.wave/settings.json: hooks (they run commands) and auto-memory (its writes land in
// the user's global memory, read into every later run's system prompt). Both are used only in a trusted project
// (hooks/projectTrust.ts) whose files nobody else could have written (projectFile.ts); otherwise the defaults
// apply and a notice says what was not used and why. A missing file means defaults; an unreadable one is a notice,
// never a crash.
import { readProjectFile } from "./projectFile.js"

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

export interface ProjectSettings {
  readonly settings: WaveSettings
  /** What was not used, and why (recoverable error blocks). */
  readonly notices: ReadonlyArray<string>
}

/** The settings that run or persist something, by name, in a parsed file. */
const consequential = (parsed: Partial<WaveSettings>): Array<string> => [
  ...(Object.values(parsed.hooks ?? {}).some((hooks) => Array.isArray(hooks) && hooks.length > 0) ? ["hooks"] : []),
  ...(parsed.autoMemoryEnabled === true ? ["autoMemoryEnabled"] : [])
]

export const loadProjectSettings = (cwd: string, env: NodeJS.ProcessEnv, trusted: boolean): ProjectSettings => {
  const where = `${cwd}/.wave/settings.json`
  const file = readProjectFile(cwd, [".wave"], "settings.json", trusted)
  if (file.kind === "absent") return { settings: defaultSettings, notices: [] }
  if (file.kind === "refused") {
    return { settings: defaultSettings, notices: trusted ? [`Project settings in ${where} were not used: ${file.reason}`] : [] }
  }
  let parsed: Partial<WaveSettings>
  try {
    parsed = JSON.parse(file.text) as Partial<WaveSettings>
  } catch (error) {
    return { settings: defaultSettings, notices: [`Cannot read ${where}: ${(error as Error).message}`] }
  }
  if (!trusted) {
    const ignored = consequential(parsed)
    return {
      settings: defaultSettings,
      notices: ignored.length === 0 ? [] : [
        `Project settings in ${where} were not used (${ignored.join(", ")}): the directory is not trusted ` +
        "(pass --trust-project, or list it in WAVE_TRUSTED_PROJECTS)"
      ]
    }
  }
  return {
    settings: {
      hooks: parsed.hooks ?? {},
      autoMemoryEnabled: env["WAVE_DISABLE_AUTO_MEMORY"] !== "1" && parsed.autoMemoryEnabled === true,
      autoMemoryFrequency: Math.max(1, Number(parsed.autoMemoryFrequency ?? 1) || 1)
    },
    notices: []
  }
}
