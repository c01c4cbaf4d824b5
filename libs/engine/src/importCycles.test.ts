import { importGraph } from "@agent-desktop/repo-check"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

// That no module of the engine (or of any package) is in an import cycle: tools/repo-check.
describe("the engine's import graph", () => {
  it("imports a command handler's module only from the registry (shared pieces have modules of their own)", () => {
    const root = fileURLToPath(new URL(".", import.meta.url))
    const graph = importGraph(root)
    const handlers = new Set((graph.get(join(root, "commands", "registry.ts")) ?? []).filter((file) => file.startsWith(join(root, "commands"))))
    expect(handlers.size).toBeGreaterThan(20)
    const crossings = [...graph].flatMap(([file, imports]) =>
      file.endsWith("registry.ts") ? [] : imports.filter((target) => handlers.has(target)).map((target) => `${relative(root, file)} -> ${relative(root, target)}`)
    ).sort()
    expect(crossings).toEqual([])
  })
})
