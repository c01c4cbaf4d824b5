/**
 * better-sqlite3's JavaScript, required on first use rather than imported: it is an optional dependency (npm leaves
 * it out with `--omit=optional`, and removes it when its native build fails on a machine without a compiler), and a
 * process on node:sqlite must load without it. A static import made every bundle that holds the store (`mcp`,
 * `serve`, wave) fail at load when the package was absent, whichever binding it would have used.
 *
 * The CLI's engine bundle replaces this module with a plain `require("better-sqlite3")` inside the function, so
 * esbuild bundles the package's JavaScript there (covered by the engine's code cache) and still runs it only here.
 */
import { createRequire } from "node:module"
import type BetterSqlite3 from "better-sqlite3"

export type BetterSqlite3Database = typeof BetterSqlite3

/**
 * In a CommonJS bundle `require` is the module's own (and esbuild leaves `import.meta.url` empty there); in an ES
 * module (a bundle, or the sources under vitest) it is made from this module's URL.
 */
const requireHere = (): NodeJS.Require => (typeof require === "function" ? require : createRequire(import.meta.url))

export const requireBetterSqlite3 = (): BetterSqlite3Database => requireHere()("better-sqlite3") as BetterSqlite3Database
