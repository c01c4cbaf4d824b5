/**
 * The private directory for warm hosts' sockets: `$XDG_RUNTIME_DIR/agent-desktop` (the user's runtime directory,
 * made by the login manager, private, emptied at logout) or, when there is none to trust, `/tmp/agent-desktop-<uid>`
 * (as tmux does). Either way a short path: a Unix socket's address holds at most 107 bytes, so a socket in a long
 * state root could not be bound at all (the host crashed, leaving a lock and a stray file behind).
 *
 * Trust, as for the state root (bundle/PrivateDirectory.ts): the runtime directory is ours and writable by nobody
 * else, every directory above it is root's or ours and only writable by others when sticky (`/tmp`), and our
 * directory inside it is a real directory of ours with mode exactly 0700 (one another user made first in `/tmp` is
 * not ours: no host then, every call runs in its own process). native/hostClient.c applies the same rules.
 */
import * as path from "node:path"
import { ancestorsAreSafe, privateChildDirectory, trustedStateRoot } from "../bundle/PrivateDirectory.js"

/** The longest runtime directory used: with `/agent-desktop/engine-<16 hex>.sock` it stays within 107 bytes. */
export const MAX_RUNTIME_BASE = 64

const sharedTemp = "/tmp"

export const runtimeDirectory = (env: Readonly<Record<string, string | undefined>>, create: boolean): string | undefined => {
  const xdg = env["XDG_RUNTIME_DIR"]
  if (xdg !== undefined && path.isAbsolute(xdg) && Buffer.byteLength(path.resolve(xdg)) <= MAX_RUNTIME_BASE) {
    const base = trustedStateRoot(xdg)
    if (base !== undefined) return privateChildDirectory(base, "agent-desktop", create)
  }
  try {
    if (!ancestorsAreSafe(sharedTemp)) return undefined
  } catch {
    return undefined
  }
  return privateChildDirectory(sharedTemp, `agent-desktop-${process.getuid?.() ?? 0}`, create)
}
