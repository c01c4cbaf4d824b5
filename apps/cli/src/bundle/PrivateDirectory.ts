/**
 * Where the CLI may keep something it will later execute (the V8 code cache): only a directory that nobody but
 * this user (or root) could have planted or can change. A code cache is code: V8 checks nothing but the source
 * length before running it, so a cache file an attacker wrote is arbitrary code execution as whoever runs the CLI.
 *
 * The rule, in the spirit of OpenSSH's StrictModes:
 * - the state root (normalised: no trailing slash, no `..`) is a real directory, not a symlink, owned by this user,
 *   and writable by nobody else;
 * - every directory above it (after resolving the symlinks up there, which are common and harmless: /home -> /data)
 *   is owned by root or this user, and is not writable by others unless sticky (/tmp), so nobody can rename
 *   the state root away and put another in its place;
 * - `<root>/cache` is a real directory owned by this user with mode exactly 0700, made by this tool.
 * Any doubt answers `undefined`: no cache, a plain compile, never an error.
 */
import * as fs from "node:fs"
import * as path from "node:path"

const currentUid = (): number | undefined => process.getuid?.()

const ownedByUs = (stat: fs.Stats, uid: number | undefined) => uid === undefined || stat.uid === uid

const writableByOthers = (stat: fs.Stats) => (stat.mode & 0o022) !== 0

const STICKY = 0o1000

/** Every directory from `dir` up to `/`: owned by root or us, and only writable by others when sticky. */
export const ancestorsAreSafe = (dir: string, uid: number | undefined = currentUid()): boolean => {
  let current = fs.realpathSync(dir)
  for (;;) {
    const stat = fs.statSync(current)
    if (!stat.isDirectory()) return false
    if (stat.uid !== 0 && !ownedByUs(stat, uid)) return false
    if (writableByOthers(stat) && (stat.mode & STICKY) === 0) return false
    const parent = path.dirname(current)
    if (parent === current) return true
    current = parent
  }
}

/** The state root itself, if it exists and is ours alone; the cache never creates a state root. */
export const trustedStateRoot = (stateRoot: string): string | undefined => {
  try {
    const root = path.resolve(stateRoot)
    const uid = currentUid()
    const stat = fs.lstatSync(root)
    if (!stat.isDirectory() || !ownedByUs(stat, uid) || writableByOthers(stat)) return undefined
    return ancestorsAreSafe(path.dirname(root), uid) ? root : undefined
  } catch {
    return undefined
  }
}

const isPrivateDirectory = (stat: fs.Stats, uid: number | undefined) =>
  stat.isDirectory() && ownedByUs(stat, uid) && (stat.mode & 0o777) === 0o700

/**
 * `<stateRoot>/<name>` as a private directory of the tool's own, or `undefined`. With `create`, a missing one is
 * made 0700 (mkdir fails if anything, a symlink included, appeared there meanwhile; the lstat after it decides).
 */
export const privateSubdirectory = (stateRoot: string, name: string, create: boolean): string | undefined => {
  const root = trustedStateRoot(stateRoot)
  return root === undefined ? undefined : privateChildDirectory(root, name, create)
}

/** `<parent>/<name>` as a private directory of ours (see privateSubdirectory), for a parent already checked. */
export const privateChildDirectory = (parent: string, name: string, create: boolean): string | undefined => {
  const dir = path.join(parent, name)
  const uid = currentUid()
  try {
    const existing = lstatOrUndefined(dir)
    if (existing === undefined) {
      if (!create) return undefined
      fs.mkdirSync(dir, { mode: 0o700 })
      // mkdir's mode passes through the umask; a umask can only remove bits, so 0700 or less: make it exact.
      fs.chmodSync(dir, 0o700)
    }
    return isPrivateDirectory(fs.lstatSync(dir), uid) ? dir : undefined
  } catch {
    return undefined
  }
}

const lstatOrUndefined = (file: string): fs.Stats | undefined => {
  try {
    return fs.lstatSync(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined
    throw error
  }
}

/** The largest private file we read back; a code cache of the engine is a few MB. */
const MAX_PRIVATE_FILE = 64 * 1024 * 1024

/**
 * Reads a file of a private directory, or `undefined` unless it is a regular file (opened without following a
 * symlink), owned by us, mode 0600 or tighter, with one link (a hard link to someone else's file is not ours to
 * trust) and of a sane size. The checks are made on the opened descriptor, so a swap after them changes nothing.
 * `into(size)` gives the bytes to read into (default: a new Buffer).
 */
export const readPrivateFile = <B extends Uint8Array = Buffer>(
  file: string,
  into: (size: number) => B = (size) => Buffer.allocUnsafe(size) as unknown as B
): B | undefined => {
  let fd: number | undefined
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK)
    const stat = fs.fstatSync(fd)
    if (!stat.isFile() || !ownedByUs(stat, currentUid()) || (stat.mode & 0o077) !== 0) return undefined
    if (stat.nlink !== 1 || stat.size === 0 || stat.size > MAX_PRIVATE_FILE) return undefined
    const data = into(stat.size)
    let offset = 0
    while (offset < data.length) {
      const read = fs.readSync(fd, data, offset, data.length - offset, offset)
      if (read === 0) return undefined
      offset += read
    }
    return data
  } catch {
    return undefined
  } finally {
    if (fd !== undefined) fs.closeSync(fd)
  }
}

/**
 * Writes `data` as `<dir>/<name>` atomically: a fresh temp file (O_EXCL, O_NOFOLLOW, 0600) renamed over the
 * target, so a reader sees the old file or the new one, never a mix, and a planted symlink is never followed.
 */
export const writePrivateFile = (dir: string, name: string, data: Uint8Array): void => {
  const target = path.join(dir, name)
  const temp = `${target}.${process.pid}.${Date.now()}.tmp`
  createPrivateFile(temp, data)
  fs.renameSync(temp, target)
}

/**
 * Creates `file` with `data`, mode 0600, only if nothing is at that path (O_EXCL, O_NOFOLLOW: a planted symlink is
 * never followed). Throws EEXIST when something is.
 */
export const createPrivateFile = (file: string, data: Uint8Array | string = ""): void => {
  const fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW, 0o600)
  try {
    fs.writeSync(fd, typeof data === "string" ? Buffer.from(data, "utf8") : data)
  } finally {
    fs.closeSync(fd)
  }
}
