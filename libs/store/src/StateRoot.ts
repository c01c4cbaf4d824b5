/**
 * Where the store lives (reference §2.5): `$AGENT_DESKTOP_HOME`, which must be absolute, or `~/.agent-desktop`.
 *
 * A missing root is created 0700. An existing one is never chmodded (as root, `AGENT_DESKTOP_HOME=/` once made `/`
 * 0700): it is used as it is when it is a real directory owned by the current user that no one else can write to,
 * and refused otherwise. Refused too: a symlink, checked on the normalised path (a trailing slash or a `..` would
 * otherwise make `lstat` follow the link).
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { failureReason, InvalidHome, StoreFailure } from "./StoreErrors.js"

export const DATABASE_FILE = "events.db"

export interface StateRootOptions {
  /** Explicit state root; wins over the environment. */
  readonly home?: string
  readonly env?: Readonly<Record<string, string | undefined>>
}

/** `path.resolve` drops trailing slashes and folds `.`/`..` lexically, so the last component is the link itself. */
export const normalisedDir = (dir: string): string => path.resolve(dir)

export const resolveStateRoot = (options: StateRootOptions = {}): string => {
  const fromEnv = (options.env ?? process.env)["AGENT_DESKTOP_HOME"]
  const chosen = options.home ?? (fromEnv === undefined || fromEnv === "" ? undefined : fromEnv)
  if (chosen === undefined) return path.join(os.homedir(), ".agent-desktop")
  if (!path.isAbsolute(chosen)) {
    throw new InvalidHome({ message: `AGENT_DESKTOP_HOME must be an absolute path, got '${chosen}'`, path: chosen })
  }
  return normalisedDir(chosen)
}

/** Why an existing directory cannot hold private state, or undefined when it can. */
export const privateDirProblem = (dir: string, stat: fs.Stats): string | undefined => {
  if (stat.isSymbolicLink()) return `${dir} is a symlink; refusing it`
  if (!stat.isDirectory()) return `${dir} is not a directory`
  const uid = process.getuid?.()
  if (uid !== undefined && stat.uid !== uid) return `${dir} is owned by uid ${stat.uid}, not by the current user (uid ${uid})`
  if ((stat.mode & 0o022) !== 0) {
    return `${dir} is writable by ${(stat.mode & 0o002) !== 0 ? "every user" : "its group"} (mode ${(stat.mode & 0o777).toString(8)})`
  }
  return undefined
}

/**
 * A directory for private state: created 0700 when absent (with any missing parents, also 0700), otherwise checked
 * and never modified. Throws InvalidHome naming the problem (a StoreFailure when the file system refused to create
 * it: read-only, full, permission); `label` says which directory it was.
 */
export const ensurePrivateDir = (dir: string, label = "The state root"): string => {
  const target = normalisedDir(dir)
  let stat: fs.Stats | undefined
  try {
    stat = fs.lstatSync(target)
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code !== "ENOENT") {
      throw new InvalidHome({ message: `${label} ${target} cannot be inspected: ${(cause as Error).message}`, path: target })
    }
  }
  if (stat === undefined) {
    try {
      fs.mkdirSync(target, { recursive: true, mode: 0o700 })
      stat = fs.lstatSync(target)
    } catch (recursive) {
      // A recursive mkdir reports ENOENT for a parent on a read-only file system; a plain one says what failed.
      let cause = recursive
      if ((recursive as NodeJS.ErrnoException).code === "ENOENT" && fs.existsSync(path.dirname(target))) {
        try {
          fs.mkdirSync(target, { mode: 0o700 })
        } catch (plain) {
          cause = plain
        }
      }
      throw storeFileFailure(cause, `Cannot create ${label.toLowerCase()} ${target}: ${(cause as Error).message}`, target)
    }
  }
  const problem = privateDirProblem(target, stat)
  if (problem !== undefined) {
    throw new InvalidHome({
      message: `${label} is unsafe: ${problem}. Point it at a directory you own that others cannot write to, or at a path that does not exist yet`,
      path: target
    })
  }
  return target
}

/**
 * A file-system failure where the store's files go: a read-only file system, a full disk or missing permissions
 * are store failures with that reason (what the caller must fix is the disk, not the arguments); anything else
 * (a symlink, a path that cannot be a directory) is InvalidHome.
 */
const storeFileFailure = (cause: unknown, message: string, target: string): InvalidHome | StoreFailure => {
  const reason = failureReason(cause)
  return reason === "read_only" || reason === "full" || reason === "permission"
    ? new StoreFailure({ message, cause, reason })
    : new InvalidHome({ message, path: target })
}

/** The store's root: see ensurePrivateDir. */
export const ensureStateRoot = (root: string): void => {
  ensurePrivateDir(root, "The state root")
}

/**
 * Creates the database file 0600 before SQLite opens it; SQLite gives its -wal and -shm files the database
 * file's permissions, so all three stay private. An existing file is opened without following a symlink and must
 * be a regular file of ours; its mode is tightened only when the file is ours (a file is not a shared directory).
 */
export const ensurePrivateFile = (file: string): void => {
  let fd: number
  try {
    fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_NOFOLLOW, 0o600)
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code
    if (code === "ELOOP") throw new InvalidHome({ message: `${file} is a symlink; refusing it`, path: file })
    throw storeFileFailure(cause, `Cannot open ${file}: ${(cause as Error).message}`, file)
  }
  try {
    const stat = fs.fstatSync(fd)
    const uid = process.getuid?.()
    if (!stat.isFile()) throw new InvalidHome({ message: `${file} is not a regular file`, path: file })
    if (uid !== undefined && stat.uid !== uid) {
      throw new InvalidHome({ message: `${file} is owned by uid ${stat.uid}, not by the current user (uid ${uid})`, path: file })
    }
    if ((stat.mode & 0o777) !== 0o600) fs.fchmodSync(fd, 0o600)
  } finally {
    fs.closeSync(fd)
  }
}
