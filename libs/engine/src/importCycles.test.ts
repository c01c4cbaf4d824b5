import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { importCycles, importGraph } from "./test/importCycles.js"

describe("the engine's import graph", () => {
  it("has no cycle among libs/engine/src's modules (type-only imports included)", () => {
    expect(importCycles(fileURLToPath(new URL(".", import.meta.url)))).toEqual([])
  })

  it("imports a command handler's module only from the registry (shared pieces have modules of their own)", () => {
    const root = fileURLToPath(new URL(".", import.meta.url))
    const graph = importGraph(root)
    const handlers = new Set((graph.get(join(root, "commands", "registry.ts")) ?? []).filter((file) => file.startsWith(join(root, "commands"))))
    const crossings = [...graph].flatMap(([file, imports]) =>
      file.endsWith("registry.ts") ? [] : imports.filter((target) => handlers.has(target)).map((target) => `${relative(root, file)} -> ${relative(root, target)}`)
    ).sort()
    expect(crossings).toEqual([])
  })

  describe("the detector", () => {
    const dir = mkdtempSync(join(tmpdir(), "engine-cycles-"))
    afterAll(() => rmSync(dir, { recursive: true, force: true }))
    const write = (path: string, text: string) => {
      mkdirSync(join(dir, path, ".."), { recursive: true })
      writeFileSync(join(dir, path), text)
    }

    it("finds a cycle through a type-only import and a re-export, and ignores tests and packages", () => {
      write("a.ts", `import type { B } from "./b.js"\nimport { x } from "effect"\nexport type A = B\n`)
      write("b.ts", `export * from "./sub/c.js"\nexport type B = string\n`)
      write("sub/c.ts", `import type { A } from "../a.js"\nexport type C = A\n`)
      write("d.ts", `import type { A } from "./a.js"\nexport type D = A\n`)
      write("a.test.ts", `import "./d.js"\n`)
      write("d.test.ts", `import "./a.js"\n`)
      expect(importCycles(dir)).toEqual([["a.ts", "b.ts", "sub/c.ts"]])
    })
  })
})
