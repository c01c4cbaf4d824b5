// No hidden variables: every environment variable the CLI's code reads (this app, its native host client and the
// libraries it runs) is in `agent-desktop --help` and in the top README.
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { AGENT_DESKTOP_VARIABLES, DESKTOP_VARIABLES } from "./EnvironmentVariables.js"
import { helpText } from "./HelpText.js"

const here = path.dirname(fileURLToPath(import.meta.url))
const repo = path.resolve(here, "..", "..", "..")
const readme = fs.readFileSync(path.join(repo, "README.md"), "utf8")

const SOURCE_DIRS = [
  "apps/cli/src", "apps/cli/native", "libs/engine/src", "libs/store/src", "libs/domain/src", "libs/platform/src",
  "libs/platform-linux/src", "libs/platform-linux-x11/src", "libs/platform-linux-x11/native", "libs/platform-linux-wayland/src",
  "libs/ocr/src", "libs/mcp-server/src"
]

/** Test-only code: suites, their helpers, the desktop fixtures. */
const isTestCode = (file: string): boolean => /\.test\.ts$|\/(e2e|test|testing|test-support)\//.test(file)

const sources = (dir: string): Array<string> =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) return sources(full)
      return /\.(ts|c|cc|h)$/.test(entry.name) && !isTestCode(full) ? [full] : []
    })
    : []

/** Names read as `env.X`, `env["X"]`, `getenv("X")`, or quoted as an AGENT_DESKTOP_ variable. */
const variablesRead = (): Array<string> => {
  const names = new Set<string>()
  for (const file of SOURCE_DIRS.flatMap((dir) => sources(path.join(repo, dir)))) {
    const text = fs.readFileSync(file, "utf8")
    for (const found of text.matchAll(/env(?:\.|\[["'])([A-Z][A-Z0-9_]+)|getenv\("([A-Z][A-Z0-9_]+)"\)|["'`](AGENT_DESKTOP_[A-Z0-9_]+)["'`]/g)) {
      const name = (found[1] ?? found[2] ?? found[3])!
      // A prefix (AGENT_DESKTOP_SECRET_) names a family, documented by its pattern (AGENT_DESKTOP_SECRET_NAME).
      if (!name.endsWith("_")) names.add(name)
    }
  }
  return [...names].sort()
}

describe("--help and the README name every environment variable", () => {
  const documented = [...AGENT_DESKTOP_VARIABLES, ...DESKTOP_VARIABLES].map((variable) => variable.name)

  it("the code reads none that is not documented", () => {
    const read = variablesRead()
    expect(read).toEqual(expect.arrayContaining(["AGENT_DESKTOP_HOME", "AGENT_DESKTOP_STORE", "AGENT_DESKTOP_SQLITE", "DISPLAY"]))
    expect(read.filter((name) => !documented.includes(name))).toEqual([])
  })

  it("each is in --help and in the top README", () => {
    const help = helpText()
    for (const name of documented) {
      expect(help, name).toMatch(new RegExp(`^  ${name} `, "m"))
      expect(readme, name).toContain(`\`${name}\``)
    }
  })
})
