/**
 * Test support for the CLI's and wave's pack tests. Packs workspace packages with npm and installs the tarballs into an empty project, as a user outside the monorepo
 * would get them: dependencies from the npm registry or this machine's npm cache (`--prefer-offline`), install
 * scripts run (the X11 addon is compiled by node-gyp there).
 *
 * better-sqlite3 is not compiled from source (about two minutes): its installer (prebuild-install) first looks for a
 * prebuilt binary in a local directory, and gets one made from the monorepo's own build for this Node ABI, the file
 * it would otherwise download.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

/** The monorepo root (this file is tools/desktop/src or tools/desktop/dist). */
export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..")

export interface Packed {
  readonly name: string
  readonly filename: string
  readonly files: ReadonlyArray<string>
  /** The packed package.json. */
  readonly manifest: Readonly<Record<string, unknown>>
}

/** True when Node's module resolution from `dir` would reach a node_modules directory above it. */
const nodeModulesAbove = (dir: string): boolean => {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    if (fs.existsSync(path.join(current, "node_modules"))) return true
    if (path.dirname(current) === current) return false
  }
}

/**
 * A fresh directory whose ancestors hold no node_modules (a /tmp/node_modules link to a monorepo would let the
 * installed bundle resolve what its tarballs failed to ship), in the temp directory if it is clean.
 */
export const isolatedTempDir = (label: string): string => {
  const base = [os.tmpdir(), "/var/tmp", os.homedir()].find((candidate) => fs.existsSync(candidate) && !nodeModulesAbove(candidate))
  if (base === undefined) throw new Error("no temporary directory without a node_modules above it")
  return fs.mkdtempSync(path.join(base, `${label}-`))
}

const npmEnv = { ...process.env, npm_config_update_notifier: "false", npm_config_fund: "false", npm_config_audit: "false" }

export const npm = (args: ReadonlyArray<string>, cwd: string, env: NodeJS.ProcessEnv = {}): string =>
  execFileSync("npm", [...args], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...npmEnv, ...env } })

/** `npm pack` of a workspace directory (relative to the repository) into `into`. */
export const pack = (dir: string, into: string): Packed => {
  const [result] = JSON.parse(npm(["pack", "--ignore-scripts", "--json", "--pack-destination", into], path.join(REPO, dir))) as Array<{
    name: string
    filename: string
    files: Array<{ path: string }>
  }>
  return {
    name: result!.name,
    filename: path.join(into, result!.filename),
    files: result!.files.map((file) => file.path),
    manifest: JSON.parse(fs.readFileSync(path.join(REPO, dir, "package.json"), "utf8")) as Record<string, unknown>
  }
}

/** Every `@agent-desktop/*` a packed package depends on, with the version it asks for. */
export const workspaceDependencies = (packed: Packed): ReadonlyArray<readonly [string, string]> =>
  ["dependencies", "optionalDependencies", "peerDependencies"].flatMap((field) =>
    Object.entries((packed.manifest[field] ?? {}) as Record<string, string>).filter(([name]) => name.startsWith("@agent-desktop/"))
  )

/** A directory with better-sqlite3's prebuilt binary for this Node, named as prebuild-install looks for it. */
export const sqlitePrebuilds = (into: string): string => {
  const source = path.join(REPO, "node_modules", "better-sqlite3")
  const { version } = JSON.parse(fs.readFileSync(path.join(source, "package.json"), "utf8")) as { version: string }
  const dir = path.join(into, "prebuilds")
  fs.mkdirSync(dir, { recursive: true })
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`
  execFileSync("tar", ["-czf", path.join(dir, name), "-C", source, "build/Release/better_sqlite3.node"])
  return dir
}

/** An empty project in `dir` with the tarballs installed; returns the install's wall time in ms. */
export const installInto = (dir: string, tarballs: ReadonlyArray<string>, prebuilds: string): number => {
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "consumer", private: true }))
  const started = Date.now()
  npm(["install", "--prefer-offline", ...tarballs], dir, { npm_config_better_sqlite3_local_prebuilds: prebuilds })
  return Date.now() - started
}
