/**
 * Where the store lives (reference §2.5): `$AGENT_DESKTOP_HOME`, which must be absolute, or `~/.agent-desktop`.
 * The directory is private (0700) and never a symlink: a symlinked root could redirect another user's writes.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { InvalidHome } from "./StoreErrors.js"

export const DATABASE_FILE = "events.db"

export interface StateRootOptions {
  /** Explicit state root; wins over the environment. */
  readonly home?: string
  readonly env?: Readonly<Record<string, string | undefined>>
}

export const resolveStateRoot = (options: StateRootOptions = {}): string => {
  const fromEnv = (options.env ?? process.env)["AGENT_DESKTOP_HOME"]
  const chosen = options.home ?? (fromEnv === undefined || fromEnv === "" ? undefined : fromEnv)
  if (chosen === undefined) return path.join(os.homedir(), ".agent-desktop")
  if (!path.isAbsolute(chosen)) {
    throw new InvalidHome({ message: `AGENT_DESKTOP_HOME must be an absolute path, got '${chosen}'`, path: chosen })
  }
  return path.normalize(chosen)
}

/** Creates the root if missing, then refuses a symlink or a directory owned by someone else, and makes it 0700. */
export const ensureStateRoot = (root: string): void => {
  try {
    fs.mkdirSync(root, { recursive: true, mode: 0o700 })
  } catch (cause) {
    throw new InvalidHome({ message: `Cannot create the state root ${root}: ${(cause as Error).message}`, path: root })
  }
  const stat = fs.lstatSync(root)
  if (stat.isSymbolicLink()) throw new InvalidHome({ message: `The state root ${root} is a symlink; refusing it`, path: root })
  if (!stat.isDirectory()) throw new InvalidHome({ message: `The state root ${root} is not a directory`, path: root })
  const uid = process.getuid?.()
  if (uid !== undefined && stat.uid !== uid) {
    throw new InvalidHome({ message: `The state root ${root} belongs to another user`, path: root })
  }
  if ((stat.mode & 0o777) !== 0o700) fs.chmodSync(root, 0o700)
}

/**
 * Creates the database file 0600 before SQLite opens it; SQLite gives its -wal and -shm files the database
 * file's permissions, so all three stay private.
 */
export const ensurePrivateFile = (file: string): void => {
  const fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_NOFOLLOW, 0o600)
  try {
    if ((fs.fstatSync(fd).mode & 0o777) !== 0o600) fs.fchmodSync(fd, 0o600)
  } finally {
    fs.closeSync(fd)
  }
}
