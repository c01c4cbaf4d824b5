import { spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import * as path from "node:path"
import { contractsRoot } from "@agent-desktop/contracts"

/** The committed lock of released contract versions: `contracts/released.lock.json`. */
export interface Digest {
  readonly sha256: string
  /** The git blob id of the content, so the gate can show what changed when the repository has it. */
  readonly blob: string
}

export interface Erratum extends Digest {
  readonly file: string
  readonly reason: string
}

export interface ReleasedLock {
  readonly description: string
  readonly released: ReadonlyArray<string>
  readonly files: Readonly<Record<string, Digest>>
  readonly errata: ReadonlyArray<Erratum>
}

export const LOCK_FILE = "released.lock.json"

export const lockPath = (root = contractsRoot()) => path.join(root, LOCK_FILE)

/** The generated files a released version freezes. */
export const releasedFiles = (version: string): Array<string> => [
  `schemas/${version}/envelope.schema.json`,
  `schemas/${version}/envelope.strict.schema.json`,
  `schemas/${version}/changes.json`
]

export const digest = (content: Buffer): Digest => ({
  sha256: createHash("sha256").update(content).digest("hex"),
  blob: createHash("sha1").update(`blob ${content.length}\0`).update(content).digest("hex")
})

export const readLock = (root = contractsRoot()): ReleasedLock | undefined =>
  fs.existsSync(lockPath(root)) ? JSON.parse(fs.readFileSync(lockPath(root), "utf8")) as ReleasedLock : undefined

const DESCRIPTION =
  "Released contract versions are frozen: each generated file below must keep its hash. A change fails contract-check unless it is recorded as an erratum with a reason (contract-check lock --erratum --reason TEXT). Add a version with contract-check lock --release V."

export const writeLock = (lock: Omit<ReleasedLock, "description">, root = contractsRoot()) =>
  fs.writeFileSync(lockPath(root), `${JSON.stringify({ description: DESCRIPTION, ...lock }, null, 2)}\n`)

/** The content a digest names, from the repository's object store (undefined outside a git checkout). */
export const lockedContent = (entry: Digest, gitDir = contractsRoot()): string | undefined => {
  const result = spawnSync("git", ["cat-file", "-p", entry.blob], { cwd: gitDir, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
  return result.status === 0 ? result.stdout : undefined
}
