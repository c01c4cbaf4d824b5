/**
 * KWin's authorization of agent-desktop's helper executable: the .desktop file the package ships
 * (`kde/agent-desktop.desktop.in`, `Exec=@EXEC@`), installed for the user as `agent-desktop.desktop` in
 * `$XDG_DATA_HOME/applications` (default `~/.local/share/applications`) with Exec= the helper's real path. KWin finds
 * it through KDE's service cache, so installing rebuilds the cache (kbuildsycoca6 or kbuildsycoca5). A file of the same
 * name in the user's directory hides one in the system's (`$XDG_DATA_DIRS/applications`), as for any desktop entry.
 */
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import { homedir } from "node:os"
import { join } from "node:path"
import { packageRoot } from "../Addon.js"

export const AUTHORIZATION_NAME = "agent-desktop.desktop"
export const FAKE_INPUT_INTERFACE = "org_kde_kwin_fake_input"
export const SCREENSHOT_INTERFACE = "org.kde.KWin.ScreenShot2"

type Env = Readonly<Record<string, string | undefined>>

const dataHome = (env: Env): string => env["XDG_DATA_HOME"] || join(env["HOME"] || homedir(), ".local", "share")
const dataDirs = (env: Env): ReadonlyArray<string> => (env["XDG_DATA_DIRS"] || "/usr/local/share:/usr/share").split(":").filter(Boolean)

/** Where the installer writes the file for this user. */
export const userAuthorizationPath = (env: Env = process.env): string => join(dataHome(env), "applications", AUTHORIZATION_NAME)

/** The shipped template (`Exec=@EXEC@`). */
export const authorizationTemplatePath = (): string => join(packageRoot(), "kde", "agent-desktop.desktop.in")

/** The file's text for `exec` (the helper's real path). */
export const authorizationText = (exec: string): string => readFileSync(authorizationTemplatePath(), "utf8").replaceAll("@EXEC@", exec)

/** What is installed: the first `agent-desktop.desktop` in the user's then the system's directories, and whether it grants `exec`. */
export type AuthorizationState =
  | { readonly state: "installed"; readonly file: string; readonly exec: string }
  | { readonly state: "missing"; readonly file: string; readonly exec: string }
  | { readonly state: "other_executable"; readonly file: string; readonly exec: string; readonly names: string }
  | { readonly state: "incomplete"; readonly file: string; readonly exec: string; readonly lacks: ReadonlyArray<string> }

const entry = (text: string, key: string): string | undefined => {
  const line = text.split("\n").find((l) => l.startsWith(`${key}=`))
  return line?.slice(key.length + 1).trim()
}

export const inspectAuthorization = (exec: string, env: Env = process.env): AuthorizationState => {
  const candidates = [userAuthorizationPath(env), ...dataDirs(env).map((dir) => join(dir, "applications", AUTHORIZATION_NAME))]
  const file = candidates.find((candidate) => existsSync(candidate))
  if (file === undefined) return { state: "missing", file: userAuthorizationPath(env), exec }
  let text: string
  try {
    text = readFileSync(file, "utf8")
  } catch {
    return { state: "missing", file, exec }
  }
  const names = entry(text, "Exec") ?? ""
  if (names !== exec) return { state: "other_executable", file, exec, names }
  const wayland = (entry(text, "X-KDE-Wayland-Interfaces") ?? "").split(",").map((s) => s.trim())
  const dbus = (entry(text, "X-KDE-DBUS-Restricted-Interfaces") ?? "").split(",").map((s) => s.trim())
  const lacks = [...(wayland.includes(FAKE_INPUT_INTERFACE) ? [] : [FAKE_INPUT_INTERFACE]), ...(dbus.includes(SCREENSHOT_INTERFACE) ? [] : [SCREENSHOT_INTERFACE])]
  return lacks.length > 0 ? { state: "incomplete", file, exec, lacks } : { state: "installed", file, exec }
}

export interface InstallResult {
  readonly file: string
  readonly exec: string
  /** False when the file already said exactly this (nothing was written). */
  readonly changed: boolean
  /** How KDE's service cache was brought up to date. */
  readonly service_cache: { readonly state: "rebuilt" | "no_tool" | "failed"; readonly tool?: string; readonly detail?: string }
}

const CACHE_TOOLS = ["kbuildsycoca6", "kbuildsycoca5"] as const

/** Writes the user's file for `exec` when it differs (atomically), then rebuilds KDE's service cache. Idempotent. */
export const installAuthorization = (exec: string, env: Env = process.env): InstallResult => {
  const file = userAuthorizationPath(env)
  const text = authorizationText(exec)
  const current = existsSync(file) ? readFileSync(file, "utf8") : undefined
  const changed = current !== text
  if (changed) {
    mkdirSync(join(dataHome(env), "applications"), { recursive: true })
    const temporary = `${file}.${process.pid}.tmp`
    writeFileSync(temporary, text, { mode: 0o644 })
    renameSync(temporary, file)
  }
  // Rebuilt even when the file was already right: a cache an earlier run could not rebuild is repaired.
  for (const tool of CACHE_TOOLS) {
    const run = spawnSync(tool, [], { env: { ...process.env, ...env } as NodeJS.ProcessEnv, encoding: "utf8", timeout: 60_000 })
    if ((run.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT") continue
    if (run.status === 0) return { file, exec, changed, service_cache: { state: "rebuilt", tool } }
    return { file, exec, changed, service_cache: { state: "failed", tool, detail: (run.error?.message ?? run.stderr ?? "").trim().split("\n").slice(-3).join(" ") } }
  }
  return { file, exec, changed, service_cache: { state: "no_tool", detail: `neither ${CACHE_TOOLS.join(" nor ")} is installed; KWin reads the file once KDE's service cache is rebuilt (at the next login)` } }
}
