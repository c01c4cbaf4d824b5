import * as fs from "node:fs"
import * as path from "node:path"

export interface Drift {
  /** Expected files that do not exist. */
  readonly missing: ReadonlyArray<string>
  /** Files whose content differs from what the sources generate. */
  readonly changed: ReadonlyArray<string>
  /** Files under schemas/ that no source generates any more. */
  readonly extra: ReadonlyArray<string>
}

const listFiles = (root: string, dir: string): Array<string> => {
  const absolute = path.join(root, dir)
  if (!fs.existsSync(absolute)) return []
  return fs.readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name)
    return entry.isDirectory() ? listFiles(root, relative) : [relative]
  })
}

/** Compares generated content with the files committed under `root`. */
export const findDrift = (root: string, expected: ReadonlyMap<string, string>): Drift => {
  const missing: Array<string> = []
  const changed: Array<string> = []
  for (const [file, content] of expected) {
    const absolute = path.join(root, file)
    if (!fs.existsSync(absolute)) missing.push(file)
    else if (fs.readFileSync(absolute, "utf8") !== content) changed.push(file)
  }
  const extra = listFiles(root, "schemas").filter((file) => !expected.has(file))
  return { missing, changed, extra }
}

export const hasDrift = (drift: Drift) => drift.missing.length + drift.changed.length + drift.extra.length > 0

/** Writes the generated files and removes stale ones, so `findDrift` is empty afterwards. */
export const writeGenerated = (root: string, expected: ReadonlyMap<string, string>): Drift => {
  const drift = findDrift(root, expected)
  for (const file of [...drift.missing, ...drift.changed]) {
    const absolute = path.join(root, file)
    fs.mkdirSync(path.dirname(absolute), { recursive: true })
    fs.writeFileSync(absolute, expected.get(file) ?? "")
  }
  for (const file of drift.extra) fs.rmSync(path.join(root, file))
  return drift
}
