import { errorEnvelope, successEnvelope } from "@agent-desktop/domain"
import { convertEnvelope } from "@agent-desktop/contracts/convert"
import {
  CONTRACT_VERSIONS,
  type ContractVersion,
  isContractVersion as isContract,
  LATEST_CONTRACT_VERSION as NATIVE
} from "@agent-desktop/contracts/vocabulary"
import { runEngine as defaultRunner } from "./engineRunner.js"
import { BINARY_VERSION, helpText } from "./HelpText.js"
import { parse } from "./parser/parse.js"
import type { EngineRequest, EngineRunner, NativeEnvelope } from "./EngineRequest.js"
import type { Globals } from "./parser/ParsedCommand.js"

export { CONTRACT_VERSIONS }

export type { EngineRequest, EngineRunner, NativeEnvelope }

export interface Io {
  readonly env: Readonly<Record<string, string | undefined>>
  readonly stdout: (text: string) => void
  readonly stderr: (text: string) => void
  /** Runs a parsed command through the engine; loaded lazily so `version` and parse errors never load it. */
  readonly runEngine?: EngineRunner
  readonly signal?: AbortSignal
  /**
   * Writes at once (not at exit): a streaming command's lines (`watch`). Without it they are written as `stdout`
   * writes, in order, before the last envelope.
   */
  readonly stream?: (text: string) => void
}

const contractFrom = (globals: Globals, env: Io["env"]): ContractVersion | string =>
  globals.contract ?? (env["AGENT_DESKTOP_CONTRACT"] || undefined) ?? NATIVE

const print = (io: Io, envelope: NativeEnvelope, contract: ContractVersion) => {
  const shaped = contract === NATIVE ? envelope : convertEnvelope(envelope as never, NATIVE, contract)
  io.stdout(JSON.stringify(shaped) + "\n")
}

/**
 * One invocation: argv in, exactly one line on stdout (an envelope, or text for help/version), exit code out.
 * Never throws: anything unexpected becomes an INTERNAL envelope with an unknown disposition.
 */
export const main = async (argv: ReadonlyArray<string>, io: Io): Promise<number> => {
  let command = "unknown"
  let contract: ContractVersion = NATIVE
  try {
    const outcome = parse(argv)
    if (outcome.kind === "help") {
      io.stdout(helpText(outcome.command))
      return 0
    }
    if (outcome.kind === "version-text") {
      io.stdout(`agent-desktop ${BINARY_VERSION} (contract ${NATIVE}; --contract ${CONTRACT_VERSIONS.join(", ")})\n`)
      return 0
    }
    if (outcome.kind === "schema") {
      const { schemaOutput } = await import("./schemaCommand.js")
      const result = schemaOutput(outcome, io.env)
      io.stdout(result.text)
      return result.exit
    }
    command = outcome.command
    const requested = contractFrom(outcome.globals, io.env)
    if (!isContract(requested)) {
      print(io, errorEnvelope(command, {
        code: "INVALID_ARGS",
        message: `Unknown contract version '${requested}'; answering in ${NATIVE}`,
        suggestion: `Pass --contract with one of ${CONTRACT_VERSIONS.join(", ")}`,
        details: { kind: "unknown_contract_version", requested, answered_in: NATIVE, supported: [...CONTRACT_VERSIONS] }
      }), NATIVE)
      return 2
    }
    contract = requested
    if (outcome.kind === "error") {
      print(io, errorEnvelope(command, { code: "INVALID_ARGS", message: outcome.message, ...(outcome.suggestion === undefined ? {} : { suggestion: outcome.suggestion }) }), contract)
      return 2
    }
    if (command === "version") {
      if (outcome.globals.verbose) io.stderr("agent-desktop: version\n")
      print(io, successEnvelope(command, { version: BINARY_VERSION, target: process.arch, os: process.platform, contracts: [...CONTRACT_VERSIONS], default_contract: NATIVE }), contract)
      return 0
    }
    // -v logs the request on the engine side, through the engine's one redaction rule.
    // `watch` prints each event as one envelope line as it happens, then its last envelope.
    const line = io.stream ?? io.stdout
    const envelope = await (io.runEngine ?? defaultRunner)({
      command,
      args: outcome.args,
      globals: outcome.globals,
      env: io.env,
      ...(io.signal === undefined ? {} : { signal: io.signal }),
      ...(command === "watch" ? { stream: (event: NativeEnvelope) => print({ ...io, stdout: line }, event, contract) } : {})
    })
    print(io, envelope, contract)
    return envelope.ok ? 0 : 1
  } catch (defect) {
    io.stderr(`agent-desktop: internal error: ${defect instanceof Error ? defect.stack ?? defect.message : String(defect)}\n`)
    const envelope = errorEnvelope(command, {
      code: "INTERNAL",
      message: "Unexpected internal error; the details are on stderr",
      delivery: "unknown",
      suggestion: "Report the command and this envelope as a defect"
    })
    try {
      print(io, envelope, contract)
    } catch {
      io.stdout(JSON.stringify(envelope) + "\n")
    }
    return 1
  }
}
