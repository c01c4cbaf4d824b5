/**
 * Where the ScreenCast portal's restore token is kept: the user's one consent to screen capture on GNOME
 * (`PortalScreenCast.ts`). xdg-desktop-portal answers a session started with `persist_mode: 2` with a
 * `restore_token`; a later session given it starts without the consent dialog and answers a token to use next time
 * (the portal may renew it, so the latest one is written back). The portal itself keeps the grant in its permission
 * store (table `screencast`, id = the token); this file is agent-desktop's copy of the key to it.
 *
 * The file lives in agent-desktop's state root (the store's rule: `$AGENT_DESKTOP_HOME`, absolute, else
 * `~/.agent-desktop`), mode 0600, written atomically. Removing it revokes agent-desktop's use of the consent.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { homedir } from "node:os"
import { isAbsolute, join, resolve } from "node:path"

export const TOKEN_FILE_NAME = "gnome-screencast-token.json"

/** The state root as the store resolves it (libs/store's StateRoot: an empty or relative value is not used here). */
export const stateRootOf = (env: Readonly<Record<string, string | undefined>> = process.env): string => {
  const chosen = env["AGENT_DESKTOP_HOME"]
  return chosen !== undefined && chosen !== "" && isAbsolute(chosen) ? resolve(chosen) : join(homedir(), ".agent-desktop")
}

export const tokenFileOf = (env: Readonly<Record<string, string | undefined>> = process.env): string => join(stateRootOf(env), TOKEN_FILE_NAME)

export interface StoredToken {
  readonly restoreToken: string
  /** When the portal last answered it (ISO time). */
  readonly savedAt: string
}

/** The stored token, or undefined when none was saved (or the file is not one of ours). */
export const readToken = (file: string): StoredToken | undefined => {
  if (!existsSync(file)) return undefined
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as { restore_token?: unknown; saved_at?: unknown }
    return typeof parsed.restore_token === "string" && parsed.restore_token !== ""
      ? { restoreToken: parsed.restore_token, savedAt: typeof parsed.saved_at === "string" ? parsed.saved_at : "" }
      : undefined
  } catch {
    return undefined
  }
}

/** Writes `token` (0600, through a temporary file renamed over the old one); nothing when it is unchanged. */
export const writeToken = (file: string, token: string, now: Date = new Date()): void => {
  if (readToken(file)?.restoreToken === token) return
  mkdirSync(join(file, ".."), { recursive: true, mode: 0o700 })
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, `${JSON.stringify({ restore_token: token, saved_at: now.toISOString() })}\n`, { mode: 0o600 })
  chmodSync(temporary, 0o600)
  renameSync(temporary, file)
}

export const removeToken = (file: string): void => rmSync(file, { force: true })
