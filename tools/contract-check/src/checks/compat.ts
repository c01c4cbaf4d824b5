import * as fs from "node:fs"
import { createRequire } from "node:module"
import { check_compat, initSync } from "jsoncompat"
import { CONTRACT_VERSIONS, CONTRACTS, type ContractChange, type ContractVersion } from "@agent-desktop/contracts"
import { envelopeSchemaPath, readJson } from "../contractFiles.js"
import { explainBreak } from "./explainBreak.js"
import { dataSchemas, errorSchema, standalone } from "./schemaViews.js"

/** Numeric order of "major.minor" strings ("2.10" after "2.9"). */
export const compareVersions = (a: string, b: string): number => {
  const [aMajor = 0, aMinor = 0] = a.split(".").map(Number)
  const [bMajor = 0, bMinor = 0] = b.split(".").map(Number)
  return aMajor - bMajor || aMinor - bMinor
}

let initialised = false
/** Loads jsoncompat's WebAssembly module once per process. */
export const ensureJsoncompat = () => {
  if (initialised) return
  const require = createRequire(import.meta.url)
  initSync({ module: fs.readFileSync(require.resolve("jsoncompat/jsoncompat_wasm_bg.wasm")) })
  initialised = true
}

/** The part of a version's output one comparison covers: one command's `data`, or the error body. */
export type Part = { readonly kind: "data"; readonly command: string } | { readonly kind: "error" }

export interface BreakingDifference {
  readonly from: ContractVersion
  readonly to: ContractVersion
  readonly part: Part
  /** The breaking change of `to` that declares it, if any. */
  readonly declaredBy: string | undefined
  /** Where and why, as `<JSON path>: <rule>` (best effort; empty when no single path explains it). */
  readonly reasons: ReadonlyArray<string>
}

/** One line per breaking difference: "2.6 status data /tracing: required -> optional breaks consumers reading it". */
export const describeDifference = (difference: BreakingDifference): string => {
  const part = difference.part.kind === "data" ? `${difference.part.command} data` : "error body"
  const where = difference.reasons.length > 0 ? difference.reasons.join("; ") : "incompatible (no single path found)"
  return `${difference.to} ${part} (from ${difference.from}): ${where}`
}

export interface CompatReport {
  readonly compared: number
  readonly breaking: ReadonlyArray<BreakingDifference>
  /** Breaking differences no change of the newer version declares: each one fails the gate. */
  readonly undeclared: ReadonlyArray<BreakingDifference>
}

/** Which breaking change of a version covers a part: one naming the command, or one without a command list. */
export const declaringChange = (changes: ReadonlyArray<ContractChange>, part: Part): ContractChange | undefined =>
  changes.find(
    (change) =>
      change.breaking &&
      (change.commands === undefined || (part.kind === "data" && change.commands.includes(part.command)))
  )

export interface CompatInput {
  /** Consumer-flavour envelope documents by version. */
  readonly schemas: Readonly<Record<ContractVersion, Record<string, unknown>>>
  readonly changes: Readonly<Record<ContractVersion, ReadonlyArray<ContractChange>>>
  /** The versions to compare (default: all); consecutive ones after numeric sorting are compared. */
  readonly versions?: ReadonlyArray<ContractVersion>
}

/** The committed consumer schemas and the declared change lists. */
export const committedCompatInput = (): CompatInput => ({
  schemas: Object.fromEntries(
    CONTRACT_VERSIONS.map((version) => [version, readJson(envelopeSchemaPath(version, "consumer"))])
  ) as CompatInput["schemas"],
  changes: Object.fromEntries(
    CONTRACT_VERSIONS.map((version) => [version, CONTRACTS[version].changes])
  ) as CompatInput["changes"]
})

/**
 * Compares consecutive versions (in numeric order) part by part with jsoncompat in the "serializer" role: can a
 * consumer holding the older consumer schema read what the newer version writes? Parts whose standalone schemas
 * are identical are skipped. A command new in the newer version is not compared (an older consumer accepts
 * unknown commands).
 */
export const checkCompatibility = (input: CompatInput = committedCompatInput()): CompatReport => {
  ensureJsoncompat()
  const versions = [...(input.versions ?? CONTRACT_VERSIONS)].sort(compareVersions)
  const breaking: Array<BreakingDifference> = []
  const verdicts = new Map<string, boolean>()
  let compared = 0
  for (let index = 1; index < versions.length; index++) {
    const from = versions[index - 1] as ContractVersion
    const to = versions[index] as ContractVersion
    const older = input.schemas[from]
    const newer = input.schemas[to]
    const olderData = dataSchemas(older)
    const parts: Array<[Part, unknown, unknown]> = [[{ kind: "error" }, errorSchema(older), errorSchema(newer)]]
    for (const [command, schema] of dataSchemas(newer)) {
      if (olderData.has(command)) parts.push([{ kind: "data", command }, olderData.get(command), schema])
    }
    for (const [part, olderPart, newerPart] of parts) {
      const olderView = JSON.stringify(standalone(older, olderPart))
      const newerView = JSON.stringify(standalone(newer, newerPart))
      if (olderView === newerView) continue
      compared++
      // Many commands share one data schema (the sixteen ref actions); ask jsoncompat once per distinct pair.
      const key = `${olderView}\u0000${newerView}`
      const compatible = verdicts.get(key) ?? check_compat(olderView, newerView, "serializer")
      verdicts.set(key, compatible)
      if (!compatible) {
        breaking.push({
          from,
          to,
          part,
          declaredBy: declaringChange(input.changes[to], part)?.id,
          reasons: explainBreak(older, newer, olderPart, newerPart)
        })
      }
    }
  }
  return { compared, breaking, undeclared: breaking.filter((difference) => difference.declaredBy === undefined) }
}
