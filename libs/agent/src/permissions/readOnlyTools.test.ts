// READ_ONLY_TOOLS comes from the command spec's `readOnly`, never from a list of its own (which once disagreed with
// the spec on four commands: open-system-surface, status, version, skills).
import { COMMANDS, toolName } from "@agent-desktop/contracts/commands"
import { assert, describe, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { READ_ONLY_TOOLS } from "./readOnlyTools.js"

const here = path.dirname(fileURLToPath(import.meta.url))

describe("read-only tools", () => {
  it("are exactly the commands the spec marks readOnly", () => {
    const fromSpec = Object.entries(COMMANDS).filter(([, spec]) => spec.readOnly === true).map(([name]) => toolName(name)).sort()
    assert.deepStrictEqual([...READ_ONLY_TOOLS].sort(), fromSpec)
    for (const name of ["status", "version", "skills"]) assert.isTrue(READ_ONLY_TOOLS.has(toolName(name)), name)
    assert.isFalse(READ_ONLY_TOOLS.has(toolName("open-system-surface")))
  })

  it("no permission source spells a read-only command: a hand-written list would have to", () => {
    const names = new Set(Object.entries(COMMANDS).filter(([, spec]) => spec.readOnly === true).flatMap(([name]) => [name, toolName(name)]))
    for (const file of fs.readdirSync(here).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
      const code = fs.readFileSync(path.join(here, file), "utf8").split("\n").filter((line) => !/^\s*(\/\/|\*|\/\*\*)/.test(line)).join("\n")
      const literals = [...code.matchAll(/["'`]([a-z_-]+)["'`]/g)].map((m) => m[1]!)
      assert.deepStrictEqual(literals.filter((literal) => names.has(literal)), [], file)
    }
  })
})
