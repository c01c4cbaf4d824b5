// A file of the project (`<cwd>/.wave/settings.json`) decides what runs (hooks) and what persists (auto-memory), so a
// trusted project's file is used only when nobody but the user (or root) could have written it: the project
// directory, every directory on the way and the file itself, each symlink and what it points to, must be owned by
// the user or root and writable by no group or other user. A `.wave` symlink into another user's directory is
// refused like that directory itself. The file is opened without following a last symlink, without blocking (a
// FIFO cannot hang the run) and must be a regular file of at most 1 MiB.
import * as fs from "node:fs"
import * as path from "node:path"

export type ProjectFile =
  | { readonly kind: "absent" }
  | { readonly kind: "refused"; readonly reason: string }
  | { readonly kind: "read"; readonly text: string }

const MAX_BYTES = 1 << 20

const errno = (error: unknown): string | undefined => (error as NodeJS.ErrnoException).code

/** Why `stat` (of `what`) could hold someone else's words, or undefined. */
const ownerProblem = (what: string, stat: fs.Stats): string | undefined => {
  const me = process.geteuid?.()
  if (me !== undefined && stat.uid !== me && stat.uid !== 0) {
    return `${what} is owned by uid ${stat.uid}, not by you (uid ${me}) or root`
  }
  if (!stat.isSymbolicLink() && (stat.mode & 0o022) !== 0) {
    return `${what} is writable by ${(stat.mode & 0o002) !== 0 ? "every user" : "its group"} (mode ${(stat.mode & 0o777).toString(8)})`
  }
  return undefined
}

/** Checks one step of the path: the entry itself (a symlink's owner too) and what it resolves to. */
const stepProblem = (entry: string, expect: "directory" | "file"): { problem?: string; absent?: true; stat?: fs.Stats } => {
  let link: fs.Stats
  let target: fs.Stats
  try {
    link = fs.lstatSync(entry)
    target = fs.statSync(entry)
  } catch (error) {
    return errno(error) === "ENOENT" ? { absent: true } : { problem: `${entry} cannot be inspected: ${(error as Error).message}` }
  }
  if (link.isSymbolicLink()) {
    const linkProblem = ownerProblem(`the symlink ${entry}`, link)
    if (linkProblem !== undefined) return { problem: linkProblem }
  }
  const shown = link.isSymbolicLink() ? `${entry} (→ ${fs.realpathSync(entry)})` : entry
  if (expect === "directory" ? !target.isDirectory() : !target.isFile()) return { problem: `${shown} is not a ${expect === "file" ? "regular file" : "directory"}` }
  const problem = ownerProblem(shown, target)
  return problem === undefined ? { stat: target } : { problem }
}

/**
 * `<project>/<dirs…>/<file>`: absent, refused (with why) or its text. With `checkOwners` false (a file that will not
 * be used, only described) ownership is not asked; the file is still opened safely.
 */
export const readProjectFile = (project: string, dirs: ReadonlyArray<string>, file: string, checkOwners: boolean): ProjectFile => {
  const steps = [project, ...dirs.map((_, index) => path.join(project, ...dirs.slice(0, index + 1)))]
  const filePath = path.join(project, ...dirs, file)
  let fileStat: fs.Stats | undefined
  for (const [index, entry] of [...steps, filePath].entries()) {
    const step = stepProblem(entry, index < steps.length ? "directory" : "file")
    if (step.absent === true) return { kind: "absent" }
    if (step.problem !== undefined && (checkOwners || /not a|cannot be inspected/.test(step.problem))) {
      return { kind: "refused", reason: step.problem }
    }
    fileStat = step.stat ?? fileStat
  }
  let fd: number
  try {
    fd = fs.openSync(fs.realpathSync(filePath), fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK)
  } catch (error) {
    return errno(error) === "ENOENT" ? { kind: "absent" } : { kind: "refused", reason: `${filePath} cannot be opened: ${(error as Error).message}` }
  }
  try {
    const opened = fs.fstatSync(fd)
    if (!opened.isFile()) return { kind: "refused", reason: `${filePath} is not a regular file` }
    // The file opened is the file checked (not one swapped in since), and of the right owner.
    if (checkOwners && (fileStat === undefined || opened.ino !== fileStat.ino || opened.dev !== fileStat.dev || ownerProblem(filePath, opened) !== undefined)) {
      return { kind: "refused", reason: `${filePath} changed while it was checked` }
    }
    if (opened.size > MAX_BYTES) return { kind: "refused", reason: `${filePath} is larger than ${MAX_BYTES} bytes` }
    const buffer = Buffer.alloc(Math.min(opened.size, MAX_BYTES))
    const length = fs.readSync(fd, buffer, 0, buffer.length, 0)
    return { kind: "read", text: buffer.subarray(0, length).toString("utf8") }
  } finally {
    fs.closeSync(fd)
  }
}
