/**
 * Finds hand-written lists of command names: an array literal (or a `new Set([...])`'s) of two or more string
 * literals, every one of them a command name (`click`) or its tool name (`list_apps`). Such a list restates the
 * spec and drifts from it (wave's read-only tools once disagreed with the spec's `readOnly` on four commands);
 * derive it from the spec's fields instead (vocabulary/Commands.ts). A list that mixes in other words (AT-SPI
 * action names such as `click`, `press`, `activate`) is not one.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"

export interface CommandList {
  readonly file: string
  readonly line: number
  readonly names: ReadonlyArray<string>
}

const LIST = /\[\s*((?:(["'])[^"'\n]*\2\s*,\s*)+(["'])[^"'\n]*\3)\s*,?\s*\]/g
const LITERAL = /(["'])([^"'\n]*)\1/g

/** The lists of command names in one source text. */
export const commandListsIn = (text: string, names: ReadonlySet<string>): ReadonlyArray<{ readonly line: number; readonly names: ReadonlyArray<string> }> => {
  const found: Array<{ line: number; names: ReadonlyArray<string> }> = []
  for (const match of text.matchAll(LIST)) {
    const items = [...match[1]!.matchAll(LITERAL)].map((literal) => literal[2]!)
    if (items.length >= 2 && items.every((item) => names.has(item))) {
      found.push({ line: text.slice(0, match.index).split("\n").length, names: items })
    }
  }
  return found
}

const SOURCE = /\.(ts|mts|cts|js|mjs|cjs|py)$/
const SKIPPED_FOLDERS = new Set(["node_modules", "dist", ".git", ".nx", "test-results", "coverage", "__pycache__"])

/**
 * Source files under `root` where a list of commands would be written by hand: not the spec itself
 * (contracts/src/commands), generated files, or tests (which may spell out what they check).
 */
export const handWrittenSources = (root: string): ReadonlyArray<string> => {
  const out: Array<string> = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith(".")) walk(path)
        continue
      }
      const name = relative(root, path)
      if (!SOURCE.test(name) || /\.test(-d)?\.[a-z]+$|_test\.py$|(^|\/)test_[^/]*\.py$/.test(name) || /generated/.test(name)) continue
      if (name.startsWith(join("contracts", "src", "commands"))) continue
      out.push(path)
    }
  }
  walk(root)
  return out
}

export const commandLists = (root: string, names: ReadonlySet<string>): ReadonlyArray<CommandList> =>
  handWrittenSources(root).flatMap((file) =>
    commandListsIn(readFileSync(file, "utf8"), names).map((list) => ({ file: relative(root, file), ...list }))
  )
