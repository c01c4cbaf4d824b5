/**
 * The user a compositor runs as. sway (wlroots) refuses to run as root, so a root caller (CI, a container) runs it as
 * a dedicated unprivileged system user, created on first use; the apps, buses and test clients keep the caller's
 * user and reach the compositor's socket by its absolute path (root passes the 0700 runtime directory by its
 * capabilities). A caller that is not root runs the compositor as itself: nothing to create, nothing to switch.
 */
import { spawnSync } from "node:child_process"
import { userInfo } from "node:os"

/** The dedicated user's name (a system account: no home, no login shell). */
export const COMPOSITOR_USER = "agent-desktop-wl"

export interface CompositorUser {
  readonly name: string
  readonly uid: number
  readonly gid: number
  /** True when this call created the account. */
  readonly created: boolean
  /** True when the compositor runs as another user than the caller. */
  readonly switched: boolean
}

const lookup = (name: string): { uid: number; gid: number } | undefined => {
  const result = spawnSync("getent", ["passwd", name], { encoding: "utf8" })
  if (result.status !== 0) return undefined
  const fields = result.stdout.trim().split(":")
  const uid = Number(fields[2])
  const gid = Number(fields[3])
  return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined
}

export class CompositorUserError extends Error {}

/** Root: the dedicated user (created when missing). Anyone else: the caller. */
export const compositorUser = (name: string = COMPOSITOR_USER): CompositorUser => {
  const self = userInfo()
  if (self.uid !== 0) return { name: self.username, uid: self.uid, gid: self.gid, created: false, switched: false }
  const existing = lookup(name)
  if (existing) return { name, ...existing, created: false, switched: true }
  const add = spawnSync(
    "useradd",
    ["--system", "--user-group", "--no-create-home", "--home-dir", "/nonexistent", "--shell", "/usr/sbin/nologin", name],
    { encoding: "utf8" }
  )
  const made = lookup(name)
  if (add.status !== 0 || !made) {
    throw new CompositorUserError(
      `could not create the unprivileged user '${name}' the compositor runs as (it refuses root): useradd exited ${add.status}: ${add.stderr.trim()}`
    )
  }
  return { name, ...made, created: true, switched: true }
}
