import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const here = path.dirname(fileURLToPath(import.meta.url))
const importsOf = (file: string) =>
  [...fs.readFileSync(file, "utf8").matchAll(/^(?:import|export)\s(?!type\b)[^'"]*?from\s+"([^"]+)"/gm)].map(
    (match) => match[1] as string
  )

describe("the convert entry", () => {
  it("loads no schema library at runtime (the CLI runs it on every pinned-contract call)", () => {
    const seen = new Set<string>()
    const external = new Set<string>()
    const visit = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      for (const specifier of importsOf(file)) {
        if (specifier.startsWith(".")) visit(path.resolve(path.dirname(file), specifier.replace(/\.js$/, ".ts")))
        else external.add(specifier)
      }
    }
    visit(path.join(here, "index.ts"))
    expect(seen.size).toBeGreaterThan(5)
    expect([...external]).toEqual([])
  })
})
