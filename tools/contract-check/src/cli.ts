import * as fs from "node:fs"
import { parseArgs } from "node:util"
import { isContractVersion, LATEST_CONTRACT_VERSION } from "@agent-desktop/contracts"
import { checkCompatibility, describeDifference } from "./checks/compat.js"
import { checkFixtures } from "./checks/fixtures.js"
import { checkGenerated } from "./checks/generated.js"
import { checkUnionAgreement } from "./checks/unionAgreement.js"
import { checkReleased, recordErrata, releaseVersion } from "./released/checkReleased.js"
import { clientTypeSources, waveTypeSources } from "./namedTypes.js"
import { validateEnvelope } from "./validateEnvelope.js"
import { validateWave, waveSchemaNames } from "./validateWave.js"

export interface CliIo {
  readonly stdout: (text: string) => void
  readonly stderr: (text: string) => void
  readonly readStdin: () => string
}

const USAGE = `usage:
  contract-check validate [--version V] [--strict] [--wave NAME] [file | -]
      validate an envelope, or NDJSON (one envelope or wave stream event per line); stdin when - or no file.
      The version comes from each envelope's own "version" unless --version pins it; a line with "type" and no
      "ok" is a wave stream event. Exit 0 all valid, 1 something invalid, 2 usage or I/O error.
  contract-check types [--version V | --wave NAME]
      the named types of version V's client schema (default the newest), one <file>#/$defs/<Name> URI a line, for
      generators that take one source per type (quicktype): each envelope, each command's data, each error code's
      body. --wave NAME: the types of one of wave's schemas (stream-event, result).
  contract-check check                    generated files, fixtures, union/rules agreement, compatibility, released lock
  contract-check lock --release V         freeze version V's generated files in contracts/released.lock.json
  contract-check lock --erratum --reason TEXT
                                          accept the current content of changed released files, with a reason
`

interface LineResult {
  readonly line?: number
  readonly valid: boolean
  readonly kind: "envelope" | "wave"
  readonly version?: string
  readonly schema?: string
  readonly strict?: boolean
  readonly errors: ReadonlyArray<unknown>
  readonly error?: string
}

const parseDocuments = (text: string): Array<{ line?: number; value?: unknown; error?: string }> => {
  try {
    return [{ value: JSON.parse(text) }]
  } catch (whole) {
    const lines = text.split("\n").map((raw, index) => ({ raw: raw.trim(), line: index + 1 })).filter((entry) => entry.raw !== "")
    if (lines.length <= 1) return [{ error: `not JSON: ${String(whole)}` }]
    return lines.map(({ raw, line }) => {
      try {
        return { line, value: JSON.parse(raw) as unknown }
      } catch (cause) {
        return { line, error: `not JSON: ${String(cause)}` }
      }
    })
  }
}

const isWaveEvent = (value: unknown) =>
  typeof value === "object" && value !== null && typeof (value as Record<string, unknown>)["type"] === "string" && !("ok" in value)

const validateOne = (value: unknown, options: { version?: string; strict: boolean; wave?: string }): LineResult => {
  if (options.wave !== undefined || isWaveEvent(value)) {
    const schema = options.wave ?? "stream-event"
    const result = validateWave(value, schema)
    return { valid: result.valid, kind: "wave", schema, errors: result.errors }
  }
  const own = typeof value === "object" && value !== null ? (value as Record<string, unknown>)["version"] : undefined
  const version = options.version ?? (isContractVersion(own) ? own : undefined)
  if (version === undefined || !isContractVersion(version)) {
    return { valid: false, kind: "envelope", strict: options.strict, errors: [], error: `no known contract version (the envelope says ${JSON.stringify(own)}); pass --version` }
  }
  const result = validateEnvelope(version, value, { strict: options.strict })
  return { valid: result.valid, kind: "envelope", version, strict: options.strict, errors: result.errors }
}

const validate = (args: ReadonlyArray<string>, io: CliIo): number => {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: { version: { type: "string" }, strict: { type: "boolean", default: false }, wave: { type: "string" } },
    allowPositionals: true
  })
  const pinned = values.version
  if (pinned !== undefined && !isContractVersion(pinned)) {
    io.stdout(`${JSON.stringify({ valid: false, error: `unknown contract version ${pinned}` })}\n`)
    return 2
  }
  if (values.wave !== undefined && !waveSchemaNames().includes(values.wave)) {
    io.stdout(`${JSON.stringify({ valid: false, error: `unknown wave schema ${values.wave}; one of ${waveSchemaNames().join(", ")}` })}\n`)
    return 2
  }
  const file = positionals[0] ?? "-"
  let text: string
  try {
    text = file === "-" ? io.readStdin() : fs.readFileSync(file, "utf8")
  } catch (cause) {
    io.stdout(`${JSON.stringify({ valid: false, error: `cannot read ${file}: ${String(cause)}` })}\n`)
    return 2
  }
  const options = { strict: values.strict, ...(pinned === undefined ? {} : { version: pinned }), ...(values.wave === undefined ? {} : { wave: values.wave }) }
  const documents = parseDocuments(text)
  const results: Array<LineResult> = documents.map((document) =>
    document.error !== undefined
      ? { ...(document.line === undefined ? {} : { line: document.line }), valid: false, kind: "envelope", errors: [], error: document.error, ...(pinned === undefined ? {} : { version: pinned }), strict: values.strict }
      : { ...(document.line === undefined ? {} : { line: document.line }), ...validateOne(document.value, options) }
  )
  const valid = results.every((result) => result.valid)
  if (documents.length === 1 && documents[0]!.line === undefined) {
    const { line: _line, ...single } = results[0]!
    io.stdout(`${JSON.stringify(single.kind === "envelope" ? { valid: single.valid, version: single.version ?? pinned ?? LATEST_CONTRACT_VERSION, strict: values.strict, errors: single.errors, ...(single.error === undefined ? {} : { error: single.error }) } : single)}\n`)
  } else {
    io.stdout(`${JSON.stringify({ valid, lines: results.length, invalid: results.filter((result) => !result.valid).length, results })}\n`)
  }
  return valid ? 0 : 1
}

const types = (args: ReadonlyArray<string>, io: CliIo): number => {
  const { values } = parseArgs({ args: [...args], options: { version: { type: "string" }, wave: { type: "string" } } })
  if (values.wave !== undefined) {
    if (values.version !== undefined || !waveSchemaNames().includes(values.wave)) {
      io.stderr(`unknown wave schema ${values.wave} (or --version given with --wave); one of ${waveSchemaNames().join(", ")}\n`)
      return 2
    }
    io.stdout(waveTypeSources(values.wave).map((uri) => `${uri}\n`).join(""))
    return 0
  }
  const version = values.version ?? LATEST_CONTRACT_VERSION
  if (!isContractVersion(version)) {
    io.stderr(`unknown contract version ${version}\n`)
    return 2
  }
  io.stdout(clientTypeSources(version).map((uri) => `${uri}\n`).join(""))
  return 0
}

const check = (io: CliIo): number => {
  const generated = checkGenerated()
  const fixtures = checkFixtures()
  const agreement = checkUnionAgreement()
  const compat = checkCompatibility()
  const released = checkReleased()
  const undeclared = compat.undeclared.map((difference) => `undeclared breaking change: ${describeDifference(difference)}`)
  const failures = [...generated.failures, ...fixtures.failures, ...agreement.disagreements, ...undeclared, ...released.failures]
  io.stdout(
    `${JSON.stringify({
      ok: failures.length === 0,
      fixtures_checked: fixtures.checked,
      union_agreement_checked: agreement.checked,
      compat_compared: compat.compared,
      breaking_declared: compat.breaking.filter((difference) => difference.declaredBy !== undefined).length,
      released: released.released,
      released_files_checked: released.checked,
      errata: released.errata,
      failures
    })}\n`
  )
  for (const failure of failures) io.stderr(`${failure}\n`)
  return failures.length === 0 ? 0 : 1
}

const lock = (args: ReadonlyArray<string>, io: CliIo): number => {
  const { values } = parseArgs({
    args: [...args],
    options: { release: { type: "string" }, erratum: { type: "boolean", default: false }, reason: { type: "string" } }
  })
  if (values.release !== undefined) {
    if (!isContractVersion(values.release)) {
      io.stderr(`unknown contract version ${values.release}\n`)
      return 2
    }
    releaseVersion(values.release)
    io.stdout(`${JSON.stringify({ released: values.release })}\n`)
    return 0
  }
  if (values.erratum && values.reason !== undefined && values.reason.trim() !== "") {
    io.stdout(`${JSON.stringify({ errata: recordErrata(values.reason) })}\n`)
    return 0
  }
  io.stderr(USAGE)
  return 2
}

/** Runs the CLI; returns the exit code (0 ok, 1 invalid / failed check, 2 usage error). */
export const runCli = (argv: ReadonlyArray<string>, io: CliIo): number => {
  const [command, ...rest] = argv
  try {
    if (command === "validate") return validate(rest, io)
    if (command === "check") return check(io)
    if (command === "types") return types(rest, io)
    if (command === "lock") return lock(rest, io)
  } catch (cause) {
    io.stderr(`${String(cause)}\n`)
    return 2
  }
  io.stderr(USAGE)
  return 2
}
