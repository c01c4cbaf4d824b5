import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import ts from "typescript"

const isSource = (file: string) => file.endsWith(".ts") && !file.endsWith(".d.ts") && !/\.test(-d)?\.ts$/.test(file)

const sourcesUnder = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? sourcesUnder(path) : isSource(path) ? [path] : []
  })

/** The relative imports and re-exports of one file (type-only ones too: a type cycle is still a design cycle). */
const importsOf = (file: string): ReadonlyArray<string> =>
  ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles
    .map((ref) => ref.fileName)
    .filter((name) => name.startsWith("."))
    .map((name) => resolve(dirname(file), name).replace(/\.js$/, ".ts"))
    .filter((target) => existsSync(target))

/**
 * Every import cycle among the non-test TypeScript files under `root`: the strongly connected components (Tarjan)
 * of the relative-import graph with more than one file, or one file importing itself. Paths relative to `root`.
 */
/** The relative-import graph of the non-test TypeScript files under `root`, as absolute paths. */
export const importGraph = (root: string): ReadonlyMap<string, ReadonlyArray<string>> =>
  new Map(sourcesUnder(root).map((file) => [file, importsOf(file)]))

export const importCycles = (root: string): ReadonlyArray<ReadonlyArray<string>> => {
  const graph = importGraph(root)
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: Array<string> = []
  const onStack = new Set<string>()
  const cycles: Array<ReadonlyArray<string>> = []
  const visit = (file: string): void => {
    index.set(file, index.size)
    low.set(file, index.get(file)!)
    stack.push(file)
    onStack.add(file)
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file)!, low.get(next)!))
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!))
      }
    }
    if (low.get(file) !== index.get(file)) return
    const component: Array<string> = []
    let member: string | undefined
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(relative(root, member))
    } while (member !== file)
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return cycles
}
