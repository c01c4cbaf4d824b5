// No hidden flags or variables: every flag the parser takes and every environment variable wave's code reads is in
// `wave --help` and in this package's README.
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { HELP } from "./help.js"
import { FLAG_NAMES } from "./parseArgs.js"

const here = path.dirname(fileURLToPath(import.meta.url))
const app = path.resolve(here, "..", "..")
const readme = fs.readFileSync(path.join(app, "README.md"), "utf8")

const sources = (dir: string): Array<string> =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : []
  })

/** The environment variables wave's own code names (print-mode and the agent library). */
const variables = (): Array<string> => {
  const names = new Set<string>()
  for (const file of [...sources(path.join(app, "src")), ...sources(path.resolve(app, "..", "..", "libs", "agent", "src"))]) {
    for (const found of fs.readFileSync(file, "utf8").matchAll(/["'`]((?:WAVE|ANTHROPIC|MCP)_[A-Z0-9_]+|AGENT_DESKTOP_HOME)["'`]/g)) {
      names.add(found[1]!)
    }
  }
  return [...names].sort()
}

describe("--help and the README name everything", () => {
  it("every flag", () => {
    expect(FLAG_NAMES.length).toBeGreaterThan(30)
    for (const flag of FLAG_NAMES) {
      expect(HELP, flag).toMatch(new RegExp(`(^|[\\s,(])${flag}([\\s,)=]|$)`, "m"))
      expect(readme, flag).toContain(`\`${flag}`)
    }
  })

  it("every environment variable the code reads", () => {
    const names = variables()
    expect(names).toEqual(expect.arrayContaining(["WAVE_BASE_URL", "WAVE_PROVIDER", "ANTHROPIC_API_KEY", "MCP_TIMEOUT", "WAVE_STDIN_TIMEOUT_MS"]))
    for (const name of names) {
      expect(HELP, name).toContain(name)
      expect(readme, name).toContain(`\`${name}`)
    }
  })
})
