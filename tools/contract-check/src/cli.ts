import * as fs from "node:fs"
import { parseArgs } from "node:util"
import { isContractVersion, LATEST_CONTRACT_VERSION } from "@agent-desktop/contracts"
import { checkCompatibility } from "./checks/compat.js"
import { checkFixtures } from "./checks/fixtures.js"
import { checkGenerated } from "./checks/generated.js"
import { validateEnvelope } from "./validateEnvelope.js"

export interface CliIo {
  readonly stdout: (text: string) => void
  readonly stderr: (text: string) => void
  readonly readStdin: () => string
}

const USAGE = `usage:
  contract-check validate [--version 2.6] [--strict] [file.json | -]   validate one envelope (stdin when - or no file)
  contract-check check                                                   generated files, fixtures, compatibility
`

const validate = (args: ReadonlyArray<string>, io: CliIo): number => {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: { version: { type: "string", default: LATEST_CONTRACT_VERSION }, strict: { type: "boolean", default: false } },
    allowPositionals: true
  })
  const version = values.version
  if (!isContractVersion(version)) {
    io.stdout(`${JSON.stringify({ valid: false, error: `unknown contract version ${String(version)}` })}\n`)
    return 2
  }
  const file = positionals[0] ?? "-"
  let value: unknown
  try {
    value = JSON.parse(file === "-" ? io.readStdin() : fs.readFileSync(file, "utf8"))
  } catch (cause) {
    io.stdout(`${JSON.stringify({ valid: false, version, strict: values.strict, error: `cannot read JSON from ${file}: ${String(cause)}` })}\n`)
    return 1
  }
  const result = validateEnvelope(version, value, { strict: values.strict })
  io.stdout(`${JSON.stringify({ valid: result.valid, version, strict: values.strict, errors: result.errors })}\n`)
  return result.valid ? 0 : 1
}

const check = (io: CliIo): number => {
  const generated = checkGenerated()
  const fixtures = checkFixtures()
  const compat = checkCompatibility()
  const undeclared = compat.undeclared.map(
    (difference) =>
      `undeclared breaking change ${difference.from} -> ${difference.to} in ${difference.part.kind === "data" ? `${difference.part.command} data` : "the error body"}`
  )
  const failures = [...generated.failures, ...fixtures.failures, ...undeclared]
  io.stdout(
    `${JSON.stringify({
      ok: failures.length === 0,
      fixtures_checked: fixtures.checked,
      compat_compared: compat.compared,
      breaking_declared: compat.breaking.filter((difference) => difference.declaredBy !== undefined).length,
      failures
    })}\n`
  )
  for (const failure of failures) io.stderr(`${failure}\n`)
  return failures.length === 0 ? 0 : 1
}

/** Runs the CLI; returns the exit code (0 ok, 1 invalid / failed check, 2 usage error). */
export const runCli = (argv: ReadonlyArray<string>, io: CliIo): number => {
  const [command, ...rest] = argv
  try {
    if (command === "validate") return validate(rest, io)
    if (command === "check") return check(io)
  } catch (cause) {
    io.stderr(`${String(cause)}\n`)
    return 2
  }
  io.stderr(USAGE)
  return 2
}
