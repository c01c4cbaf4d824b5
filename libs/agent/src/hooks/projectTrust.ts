// Whether a project directory may run its own `.wave/settings.json` hooks: only when the user said so, by
// `--trust-project` for one run or by listing the directory in WAVE_TRUSTED_PROJECTS (paths separated by `:`).
// Directories are compared after resolving symlinks, so a link cannot borrow another directory's trust.
import * as fs from "node:fs"
import * as path from "node:path"

const real = (dir: string): string | undefined => {
  try {
    return fs.realpathSync(path.resolve(dir))
  } catch {
    return undefined
  }
}

export const projectTrusted = (cwd: string, env: Readonly<Record<string, string | undefined>>): boolean => {
  const here = real(cwd)
  if (here === undefined) return false
  return (env["WAVE_TRUSTED_PROJECTS"] ?? "").split(":").filter((entry) => entry.length > 0 && path.isAbsolute(entry))
    .some((entry) => real(entry) === here)
}
