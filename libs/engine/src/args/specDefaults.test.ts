import { argKey, COMMANDS } from "@agent-desktop/contracts/commands"
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { argumentFallbacks, programOf, type SpecDefaults } from "../test/argumentFallbacks.js"

/** Every default the spec states, by argument key. */
const specDefaults = (): SpecDefaults => {
  const out = new Map<string, Array<{ command: string; flag: string; value: unknown }>>()
  const add = (key: string, command: string, flag: string, value: unknown) => {
    if (value === undefined) return
    out.set(key, [...(out.get(key) ?? []), { command, flag, value }])
  }
  for (const [command, spec] of Object.entries(COMMANDS)) {
    for (const positional of spec.positionals) add(positional.key, command, positional.key.toUpperCase(), positional.schema.default)
    for (const [flag, { schema }] of Object.entries(spec.flags)) add(argKey(flag), command, `--${flag}`, schema.default)
  }
  return out
}

const engineSrc = fileURLToPath(new URL("..", import.meta.url))
const tsconfig = fileURLToPath(new URL("../../tsconfig.lib.json", import.meta.url))

const sourcesUnder = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "test" ? [] : sourcesUnder(path)
    return path.endsWith(".ts") && !path.endsWith(".test.ts") ? [path] : []
  })

describe("the spec's argument defaults", () => {
  it("are read by no engine code: decodeArgs fills them, nothing falls back to them by hand", () => {
    const files = sourcesUnder(engineSrc)
    const found = argumentFallbacks(programOf(tsconfig, files), files, specDefaults())
    expect(found.map((hit) => `${relative(engineSrc, hit.file)}:${hit.line} ${hit.text}: ${hit.why}`)).toEqual([])
  }, 120_000)

  describe("the detector", () => {
    // Inside the package, so the probes resolve the workspace's packages as the engine's own files do.
    const dir = mkdtempSync(join(engineSrc, "..", ".fallback-probes-"))
    afterAll(() => rmSync(dir, { recursive: true, force: true }))
    const scan = (source: string) => {
      const file = join(dir, `probe${Math.random().toString(36).slice(2)}.ts`)
      writeFileSync(file, source)
      return argumentFallbacks(programOf(tsconfig, [file]), [file], specDefaults()).map((hit) => hit.why)
    }
    const header = `import type { ArgsOf } from "@agent-desktop/contracts/commands"
declare const optionalInt: (args: unknown, key: string) => number | undefined
`

    it("finds a fallback to the spec's default, written out, named, or read through a reader call", () => {
      expect(scan(`${header}
const DEFAULT_ACTION_TIMEOUT_MS = 5000
export const a = (args: { readonly timeout_ms?: number }) => args.timeout_ms ?? 5000
export const b = (args: { readonly timeout_ms?: number }) => args["timeout_ms"] ?? DEFAULT_ACTION_TIMEOUT_MS
export const c = (args: unknown) => optionalInt(args, "timeout_ms") || DEFAULT_ACTION_TIMEOUT_MS
export const d = (args: { readonly limit?: number }) => { const { limit: shown = 50 } = args; return shown }
export const e = (args: { readonly limit?: number }) => { const { limit: shown } = args; return shown ?? 50 }
`)).toEqual([
        "repeats the spec's default of get --timeout-ms (5000)",
        "repeats the spec's default of get --timeout-ms (5000)",
        "repeats the spec's default of get --timeout-ms (5000)",
        "repeats the spec's default of find --limit (50)",
        "repeats the spec's default of find --limit (50)"
      ])
    }, 60_000)

    it("finds a fallback for an argument the decoded type always has", () => {
      expect(scan(`${header}
export const a = (args: ArgsOf<"click">) => args.timeout_ms ?? 100
export const b = (args: ArgsOf<"mouse-click">) => { const { count = 2 } = args; return count }
`)).toEqual([
        "falls back although decodeArgs always fills timeout_ms (the spec's default)",
        "falls back although decodeArgs always fills count (the spec's default)"
      ])
    }, 60_000)

    it("leaves fallbacks the spec has no default for, and other values, alone", () => {
      expect(scan(`${header}
export const a = (args: ArgsOf<"trace">) => args.limit ?? 500
export const b = (args: ArgsOf<"snapshot">, interactive: boolean) => args.max_children ?? (interactive ? 50 : 0)
export const c = (args: ArgsOf<"session">, session: string | undefined) => args.session_id ?? session
export const d = (args: { readonly timeout_ms?: number }, budget: number) => args.timeout_ms ?? budget
`)).toEqual([])
    }, 60_000)
  })
})
