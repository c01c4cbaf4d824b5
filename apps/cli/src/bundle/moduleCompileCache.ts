/**
 * Node's module compile cache (`module.enableCompileCache`, Node >= 22.1) for the ES module bundles that the
 * one-shot path's `vm.Script` cache (CachedScript.ts) does not cover: the `mcp` and `serve` modes and wave. A cache
 * is code, so it lives only in a directory this tool made private (`<stateRoot>/compile-cache`, PrivateDirectory.ts),
 * never in Node's default under os.tmpdir(), where another user could plant one. Where Node has no such switch, or
 * the state root is missing or not ours alone, nothing is cached: a slower start, never a wrong one.
 */
import { privateSubdirectory } from "./PrivateDirectory.js"

type EnableCompileCache = (directory: string) => { readonly status: number; readonly directory?: string }

export const COMPILE_CACHE_DIR = "compile-cache"

/** The cache directory now in use, or undefined when none is (old Node, no trusted state root, Node refused). */
export const enableModuleCompileCache = (stateRoot: string | undefined): string | undefined => {
  // Read at run time: the bundle's view of node:module is the exports of the Node that built it (build.mjs), and
  // Node 20 has no enableCompileCache.
  const enable = (process.getBuiltinModule("node:module") as { enableCompileCache?: EnableCompileCache }).enableCompileCache
  if (enable === undefined || stateRoot === undefined) return undefined
  const dir = privateSubdirectory(stateRoot, COMPILE_CACHE_DIR, true)
  if (dir === undefined) return undefined
  try {
    const result = enable(dir)
    // status: 0 failed, 1 enabled, 2 already enabled (NODE_COMPILE_CACHE), 3 disabled (NODE_DISABLE_COMPILE_CACHE)
    return result.status === 1 || result.status === 2 ? result.directory ?? dir : undefined
  } catch {
    return undefined
  }
}
