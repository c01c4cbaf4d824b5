/**
 * The one way the engine writes a file a caller named (screenshot PATH, `--trace FILE`, `trace export --out`,
 * `clipboard-get --out`) or one of its own artifacts: the target must be, or become, a regular file in a real folder
 * outside the kernel's file systems, and nothing else is ever opened for writing.
 *
 * - The folder is resolved (realpath) and refused under /proc, /sys and /dev, or on a kernel file system mounted
 *   elsewhere (statfs): `/proc/self/fd/1` would write into the caller's own stdout (an MCP server's JSON-RPC stream).
 * - The name is looked at first (lstat): a symlink, FIFO, device, socket or folder is refused without being opened.
 * - It is then opened with O_NOFOLLOW | O_NONBLOCK (a new file with O_CREAT | O_EXCL, 0600), so a symlink or FIFO
 *   swapped in between cannot be followed or block; the opened file is checked again (fstat) and must be regular.
 *   Replacing truncates only after that check.
 * - Everything is asynchronous (libuv's pool): a slow or hostile path never blocks the event loop of a warm host or
 *   an MCP server serving other calls.
 */
import * as fs from "node:fs"
import * as path from "node:path"

/** Why a path was refused before anything was written. */
export type UnsafeOutputReason = "symlink" | "fifo" | "device" | "socket" | "directory" | "not_regular" | "system_path" | "exists"

export class UnsafeOutputPath extends Error {
  readonly _tag = "UnsafeOutputPath"
  constructor(readonly path: string, readonly reason: UnsafeOutputReason, message: string) {
    super(message)
  }
}

/** How an output file is opened: a new file only, a new or replaced file, or a new or appended-to file. */
export type OutputMode = "create" | "replace" | "append"

const { O_WRONLY, O_RDONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK, O_APPEND } = fs.constants

const SYSTEM_ROOTS = ["/proc", "/sys", "/dev"]

/** statfs magic numbers of the kernel's own file systems (linux/magic.h), wherever they are mounted. */
const KERNEL_FS = new Set([
  0x9fa0, // proc
  0x62656572, // sysfs
  0x1cd1, // devpts
  0x27e0eb, // cgroup
  0x63677270, // cgroup2
  0x64626720, // debugfs
  0x74726163, // tracefs
  0x73636673, // securityfs
  0x62656570, // configfs
  0xcafe4a11, // bpf
  0x6165676c, // pstore
  0xde5e81e4 // efivarfs
])

const under = (dir: string, root: string): boolean => dir === root || dir.startsWith(`${root}/`)

const kindOf = (stat: fs.Stats): { readonly reason: UnsafeOutputReason; readonly what: string } | undefined => {
  if (stat.isFile()) return undefined
  if (stat.isSymbolicLink()) return { reason: "symlink", what: "a symlink" }
  if (stat.isFIFO()) return { reason: "fifo", what: "a FIFO" }
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return { reason: "device", what: "a device" }
  if (stat.isSocket()) return { reason: "socket", what: "a socket" }
  if (stat.isDirectory()) return { reason: "directory", what: "a folder" }
  return { reason: "not_regular", what: "not a regular file" }
}

const refuse = (file: string, reason: UnsafeOutputReason, message: string): never => {
  throw new UnsafeOutputPath(file, reason, message)
}

const errno = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code

/** The file's place with its folder resolved; throws UnsafeOutputPath for a system folder, ENOENT for a missing one. */
const resolveTarget = async (file: string): Promise<string> => {
  const target = path.resolve(file)
  const folder = await fs.promises.realpath(path.dirname(target))
  const name = path.basename(target)
  if (SYSTEM_ROOTS.some((root) => under(folder, root))) {
    refuse(target, "system_path", `${target} is in ${folder}, a kernel or device folder; refusing to write there`)
  }
  const fsType = await fs.promises.statfs(folder).then((stat) => stat.type, () => undefined)
  if (fsType !== undefined && KERNEL_FS.has(fsType)) {
    refuse(target, "system_path", `${target} is on a kernel file system (type 0x${fsType.toString(16)}); refusing to write there`)
  }
  return path.join(folder, name)
}

/** What is at `file` now, without following a symlink; undefined when nothing is. */
const existing = async (file: string): Promise<fs.Stats | undefined> => {
  try {
    return await fs.promises.lstat(file)
  } catch (error) {
    if (errno(error) === "ENOENT") return undefined
    throw error
  }
}

/** The errors the kernel gives for what O_NOFOLLOW / O_NONBLOCK refused, as reasons. */
const openRefusal = (file: string, error: unknown): UnsafeOutputPath | undefined => {
  switch (errno(error)) {
    case "ELOOP":
      return new UnsafeOutputPath(file, "symlink", `${file} is a symlink; refusing to write through it`)
    case "ENXIO":
      // O_NONBLOCK | O_WRONLY on a FIFO without a reader, or a socket.
      return new UnsafeOutputPath(file, "fifo", `${file} is a FIFO or socket; refusing to write to it`)
    case "EISDIR":
      return new UnsafeOutputPath(file, "directory", `${file} is a folder`)
    default:
      return undefined
  }
}

const refuseNonRegular = (file: string, stat: fs.Stats): void => {
  const kind = kindOf(stat)
  if (kind !== undefined) refuse(file, kind.reason, `${file} is ${kind.what}; only a regular file is written`)
}

/**
 * The checks openOutputFile makes before opening, without opening or creating anything: a command that must do
 * something first (capture a screen) refuses a bad path before it, and the open checks again.
 */
export const inspectOutputPath = async (file: string, mode: OutputMode): Promise<string> => {
  const target = await resolveTarget(file)
  const before = await existing(target)
  if (before !== undefined) {
    refuseNonRegular(target, before)
    if (mode === "create") refuse(target, "exists", `${target} already exists`)
  }
  return target
}

export interface OpenedOutput {
  readonly handle: fs.promises.FileHandle
  /** The resolved path written (its folder's symlinks resolved). */
  readonly path: string
  /** A new file (an appended trace file starts with its meta line). */
  readonly created: boolean
}

/**
 * Opens `file` to write, by the rules above; the caller writes and closes. `makeFolder`: create missing folders
 * (0700) first, as `--trace` and `trace export` do.
 */
export const openOutputFile = async (
  file: string,
  mode: OutputMode,
  options: { readonly makeFolder?: boolean } = {}
): Promise<OpenedOutput> => {
  if (options.makeFolder === true) await fs.promises.mkdir(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 })
  const target = await resolveTarget(file)
  const before = await existing(target)
  if (before !== undefined) {
    refuseNonRegular(target, before)
    if (mode === "create") refuse(target, "exists", `${target} already exists`)
  }
  const access = O_WRONLY | O_NOFOLLOW | O_NONBLOCK | (mode === "append" ? O_APPEND : 0)
  let handle: fs.promises.FileHandle | undefined
  let created = false
  try {
    if (before === undefined) {
      try {
        handle = await fs.promises.open(target, access | O_CREAT | O_EXCL, 0o600)
        created = true
      } catch (error) {
        // Something appeared since the lstat: open it by the same rules (O_EXCL never follows a dangling link).
        if (errno(error) !== "EEXIST" || mode === "create") throw error
      }
    }
    handle ??= await fs.promises.open(target, access)
  } catch (error) {
    throw openRefusal(target, error) ?? error
  }
  try {
    refuseNonRegular(target, await handle.stat())
    if (mode === "replace" && !created) await handle.truncate(0)
  } catch (error) {
    await handle.close()
    throw error
  }
  return { handle, path: target, created }
}

/** Writes `data` to `file` (see openOutputFile) and closes it; returns the resolved path written. */
export const writeOutputFile = async (
  file: string,
  data: Uint8Array | string,
  mode: OutputMode,
  options: { readonly makeFolder?: boolean } = {}
): Promise<string> => {
  const opened = await openOutputFile(file, mode, options)
  try {
    await opened.handle.writeFile(data)
  } finally {
    await opened.handle.close()
  }
  return opened.path
}

/**
 * Reads a regular file without following a symlink at its name or blocking on a FIFO (O_NOFOLLOW | O_NONBLOCK,
 * fstat): the MCP server's read-back of a screenshot it wrote.
 */
export const readRegularFile = async (file: string): Promise<Buffer> => {
  let handle: fs.promises.FileHandle
  try {
    handle = await fs.promises.open(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
  } catch (error) {
    throw openRefusal(file, error) ?? error
  }
  try {
    refuseNonRegular(file, await handle.stat())
    return await handle.readFile()
  } finally {
    await handle.close()
  }
}
