/**
 * What `launch APP` runs: an executable path, a command on PATH, or a desktop id (`org.gnome.Calculator` or
 * `org.gnome.Calculator.desktop` under the XDG data dirs' applications/), whose Exec line loses its field codes.
 */
import { accessSync, constants, existsSync, readFileSync, statSync } from "node:fs"
import * as os from "node:os"
import * as path from "node:path"

export interface LaunchCommand {
  readonly argv: ReadonlyArray<string>
  /** Where it came from, for messages. */
  readonly source: "path" | "PATH" | "desktop-entry"
}

const executable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK)
    return statSync(file).isFile()
  } catch {
    return false
  }
}

const onPath = (name: string, env: NodeJS.ProcessEnv): string | undefined =>
  (env["PATH"] ?? "").split(":").filter(Boolean).map((dir) => path.join(dir, name)).find(executable)

const dataDirs = (env: NodeJS.ProcessEnv): ReadonlyArray<string> => [
  env["XDG_DATA_HOME"] || path.join(env["HOME"] ?? os.homedir(), ".local", "share"),
  ...(env["XDG_DATA_DIRS"] || "/usr/local/share:/usr/share").split(":").filter(Boolean)
]

/** Exec's words, shell-style quotes honoured, field codes (%f %U ...) dropped, %% kept as %. */
export const execWords = (exec: string): ReadonlyArray<string> => {
  const words: Array<string> = []
  let current = ""
  let quote: string | undefined
  let started = false
  for (let i = 0; i < exec.length; i++) {
    const c = exec[i]!
    if (quote !== undefined) {
      if (c === "\\" && quote === '"' && i + 1 < exec.length) current += exec[++i]
      else if (c === quote) quote = undefined
      else current += c
    } else if (c === '"' || c === "'") {
      quote = c
      started = true
    } else if (c === " " || c === "\t") {
      if (started) words.push(current)
      current = ""
      started = false
    } else {
      current += c
      started = true
    }
  }
  if (started) words.push(current)
  return words
    .filter((w) => !/^%[fFuUdDnNickvm]$/.test(w))
    .map((w) => w.replace(/%%/g, "%"))
}

export const desktopEntryExec = (id: string, env: NodeJS.ProcessEnv): ReadonlyArray<string> | undefined => {
  const file = id.endsWith(".desktop") ? id : `${id}.desktop`
  for (const dir of dataDirs(env)) {
    const candidate = path.join(dir, "applications", file)
    if (!existsSync(candidate)) continue
    const text = readFileSync(candidate, "utf8")
    const section = text.split(/^\[/m).find((part) => part.startsWith("Desktop Entry]")) ?? ""
    const exec = /^Exec=(.*)$/m.exec(section)?.[1]
    if (exec !== undefined) return execWords(exec.trim())
  }
  return undefined
}

/** The command for `launch APP --arg ...`, or undefined when APP names nothing runnable. */
export const launchCommand = (app: string, args: ReadonlyArray<string>, env: NodeJS.ProcessEnv): LaunchCommand | undefined => {
  if (app.includes("/")) return executable(app) ? { argv: [app, ...args], source: "path" } : undefined
  const entry = desktopEntryExec(app, env)
  if (entry !== undefined && entry.length > 0) {
    const [program, ...rest] = entry
    const resolved = program!.includes("/") ? program! : onPath(program!, env)
    if (resolved !== undefined && executable(resolved)) return { argv: [resolved, ...rest, ...args], source: "desktop-entry" }
  }
  const found = onPath(app, env)
  return found === undefined ? undefined : { argv: [found, ...args], source: "PATH" }
}
