/**
 * The relative-import graph of a tree's TypeScript sources and its cycles. Type-only imports and re-exports count:
 * a type cycle is still a design cycle. Test files are left out (a test may import anything it checks).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import ts from "typescript"

const SKIPPED = new Set(["node_modules", "dist", "build", "test-results", ".git"])

const isSource = (file: string) => file.endsWith(".ts") && !file.endsWith(".d.ts") && !/\.test(-d)?\.ts$/.test(file)

const sourcesUnder = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return SKIPPED.has(entry.name) || entry.name.startsWith(".") ? [] : sourcesUnder(path)
    return isSource(path) ? [path] : []
  })

/** The relative imports and re-exports of one file, as absolute paths of files that exist. */
const importsOf = (file: string): ReadonlyArray<string> =>
  ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles
    .map((ref) => ref.fileName)
    .filter((name) => name.startsWith("."))
    .map((name) => resolve(dirname(file), name).replace(/\.js$/, ".ts"))
    .filter((target) => existsSync(target))

/** The relative-import graph of the non-test TypeScript files under `roots`, as absolute paths. */
export const importGraph = (...roots: ReadonlyArray<string>): ReadonlyMap<string, ReadonlyArray<string>> =>
  new Map(roots.flatMap((root) => sourcesUnder(resolve(root))).map((file) => [file, importsOf(file)]))

/**
 * Every import cycle among the non-test TypeScript files under `roots`: the strongly connected components (Tarjan)
 * of the relative-import graph with more than one file, or one file importing itself. Paths relative to `base`
 * (the first root unless given).
 */
export const importCycles = (roots: string | ReadonlyArray<string>, base?: string): ReadonlyArray<ReadonlyArray<string>> => {
  const list = typeof roots === "string" ? [roots] : roots
  const from = resolve(base ?? list[0] ?? ".")
  const graph = importGraph(...list)
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
      component.push(relative(from, member))
    } while (member !== file)
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return cycles
}
