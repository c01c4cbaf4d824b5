/** The monorepo's workspace packages, from the root package.json's `workspaces` (an entry or `dir/*`). */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"

export const workspacePackages = (root: string): ReadonlyArray<string> => {
  const patterns = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { workspaces: ReadonlyArray<string> }).workspaces
  return patterns.flatMap((pattern) => {
    if (!pattern.endsWith("/*")) return [join(root, pattern)]
    const parent = join(root, pattern.slice(0, -2))
    return readdirSync(parent, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => join(parent, entry.name))
  }).filter((dir) => existsSync(join(dir, "package.json"))).sort()
}
