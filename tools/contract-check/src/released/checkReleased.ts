import * as fs from "node:fs"
import * as path from "node:path"
import { contractsRoot } from "@agent-desktop/contracts"
import { jsonDiff } from "./jsonDiff.js"
import { digest, type Digest, lockedContent, readLock, releasedFiles, writeLock } from "./ReleasedLock.js"

export interface ReleasedReport {
  readonly released: ReadonlyArray<string>
  readonly checked: number
  readonly errata: number
  readonly failures: ReadonlyArray<string>
}

const parseOrUndefined = (text: string | undefined): unknown => {
  try {
    return text === undefined ? undefined : JSON.parse(text)
  } catch {
    return undefined
  }
}

/** What changed in a released file, as JSON Pointers, when the locked content is still in the repository. */
const describeChange = (locked: Digest, current: string, gitDir: string): string => {
  const before = parseOrUndefined(lockedContent(locked, gitDir))
  if (before === undefined) return "content differs from the locked hash"
  const paths = jsonDiff(before, parseOrUndefined(current))
  return paths.length === 0 ? "formatting differs from the locked file" : `changed at ${paths.join(", ")}`
}

/**
 * The gate that protects released versions: every file the lock freezes still has its locked hash, or an erratum
 * with a reason accepts exactly its current content. A failure names the file, its version and the JSON paths that
 * changed.
 */
export const checkReleased = (root = contractsRoot(), gitDir = contractsRoot()): ReleasedReport => {
  const lock = readLock(root)
  if (lock === undefined) return { released: [], checked: 0, errata: 0, failures: [`${path.join(root, "released.lock.json")} is missing`] }
  const failures: Array<string> = []
  let errata = 0
  for (const version of lock.released) {
    for (const file of releasedFiles(version)) {
      if (lock.files[file] === undefined) failures.push(`${file}: released ${version} but not in the lock`)
    }
  }
  for (const [file, locked] of Object.entries(lock.files)) {
    const absolute = path.join(root, file)
    if (!fs.existsSync(absolute)) {
      failures.push(`${file}: a released file is missing`)
      continue
    }
    const content = fs.readFileSync(absolute)
    const current = digest(content)
    if (current.sha256 === locked.sha256) continue
    const erratum = lock.errata.find((entry) => entry.file === file && entry.sha256 === current.sha256)
    if (erratum !== undefined && erratum.reason.trim().length > 0) {
      errata++
      continue
    }
    const version = file.split("/")[1]
    failures.push(
      `${file}: released contract ${version} changed without an erratum (${describeChange(locked, content.toString("utf8"), gitDir)}); revert the change, or record it with contract-check lock --erratum --reason TEXT`
    )
  }
  return { released: lock.released, checked: Object.keys(lock.files).length, errata, failures }
}

/** Freezes a version: adds its generated files with their current hashes. */
export const releaseVersion = (version: string, root = contractsRoot()) => {
  const lock = readLock(root) ?? { released: [], files: {}, errata: [] }
  const files = { ...lock.files }
  for (const file of releasedFiles(version)) files[file] = digest(fs.readFileSync(path.join(root, file)))
  writeLock({ released: [...new Set([...lock.released, version])], files, errata: lock.errata }, root)
}

/** Accepts the current content of every changed released file as an erratum with a reason. */
export const recordErrata = (reason: string, root = contractsRoot()): ReadonlyArray<string> => {
  if (reason.trim().length === 0) throw new Error("an erratum needs a reason")
  const lock = readLock(root)
  if (lock === undefined) throw new Error("no released.lock.json")
  const added = Object.entries(lock.files).flatMap(([file, locked]) => {
    const current = digest(fs.readFileSync(path.join(root, file)))
    const known = current.sha256 === locked.sha256 || lock.errata.some((entry) => entry.file === file && entry.sha256 === current.sha256)
    return known ? [] : [{ file, ...current, reason }]
  })
  writeLock({ released: lock.released, files: lock.files, errata: [...lock.errata, ...added] }, root)
  return added.map((entry) => entry.file)
}
