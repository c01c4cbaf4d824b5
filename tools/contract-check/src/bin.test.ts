// `npx contract-check` in the repository: npm links a workspace's bins when `npm ci` installs it, before anything is
// built, and makes no link to a file that is missing then (the bin used to be dist/bin/contract-check.js, so a fresh
// clone's `npx contract-check` went to the registry: E404).
import { execFileSync, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { contractsRoot } from "@agent-desktop/contracts"
import { describe, expect, it } from "vitest"

const repo = path.resolve(contractsRoot(), "..")

const readJson = (file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>

const workspaceDirs = (): Array<string> =>
  (readJson(path.join(repo, "package.json"))["workspaces"] as Array<string>).flatMap((pattern) =>
    pattern.endsWith("/*")
      ? fs.readdirSync(path.join(repo, pattern.slice(0, -2)), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(repo, pattern.slice(0, -2), entry.name, "package.json")))
        .map((entry) => path.posix.join(pattern.slice(0, -2), entry.name))
      : [pattern]
  )

const binsOf = (manifest: Record<string, unknown>): Array<string> => {
  const bin = manifest["bin"]
  if (typeof bin === "string") return [bin]
  return bin === undefined ? [] : Object.values(bin as Record<string, string>)
}

describe("workspace bins", () => {
  it("are committed files, so npm links them before the build", () => {
    const tracked = new Set(execFileSync("git", ["ls-files"], { cwd: repo, encoding: "utf8" }).split("\n"))
    const missing = workspaceDirs().flatMap((dir) =>
      binsOf(readJson(path.join(repo, dir, "package.json")))
        .map((target) => path.posix.join(dir, path.posix.normalize(target)))
        .filter((file) => !tracked.has(file))
    )
    expect(missing).toEqual([])
  })

  it("npx contract-check check runs the repository's checks from the repository root, without the registry", () => {
    const result = spawnSync("npx", ["--no-install", "contract-check", "check"], {
      cwd: repo,
      encoding: "utf8",
      env: { ...process.env, npm_config_offline: "true", npm_config_update_notifier: "false" }
    })
    expect(result.status, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, failures: [] })
  }, 120_000)
})
