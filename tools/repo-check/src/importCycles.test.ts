import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { importCycles } from "./importGraph.js"
import { workspacePackages } from "./workspaces.js"

const repo = fileURLToPath(new URL("../../..", import.meta.url))

describe("the repository's import graph", () => {
  const packages = workspacePackages(repo)

  it("covers every workspace package", () => {
    const names = packages.map((dir) => relative(repo, dir))
    for (const expected of ["contracts", "libs/engine", "libs/platform-linux", "apps/cli", "tools/repo-check"]) expect(names).toContain(expected)
  })

  it.each(packages.map((dir) => [relative(repo, dir), dir] as const))("%s has no cycle among its modules (type-only imports included)", (_name, dir) => {
    expect(importCycles(dir)).toEqual([])
  })
})

describe("the detector", () => {
  const dir = mkdtempSync(join(tmpdir(), "repo-cycles-"))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, ".."), { recursive: true })
    writeFileSync(join(dir, path), text)
  }

  it("finds a cycle through a type-only import and a re-export, and ignores tests, packages and build output", () => {
    write("a.ts", `import type { B } from "./b.js"\nimport { x } from "effect"\nexport type A = B\n`)
    write("b.ts", `export * from "./sub/c.js"\nexport type B = string\n`)
    write("sub/c.ts", `import type { A } from "../a.js"\nexport type C = A\n`)
    write("d.ts", `import type { A } from "./a.js"\nexport type D = A\n`)
    write("a.test.ts", `import "./d.js"\n`)
    write("d.test.ts", `import "./a.js"\n`)
    write("dist/e.ts", `import "./f.js"\n`)
    write("dist/f.ts", `import "./e.js"\n`)
    expect(importCycles(dir)).toEqual([["a.ts", "b.ts", "sub/c.ts"]])
  })

  it("takes a relative root as well as an absolute one", () => {
    expect(importCycles(relative(process.cwd(), dir))).toEqual([["a.ts", "b.ts", "sub/c.ts"]])
  })
})
