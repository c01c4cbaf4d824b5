/**
 * What the CLI prints when a warm host took a request and then went away (`lost`: the connection closed, an
 * unreadable answer) or did not answer in time (`unanswered`: a stopped or wedged host, a deadline of
 * HostProtocol.ts, or no answer to a signal's abort). The command may have run there, or may still run, so the CLI
 * never runs it again itself; what the envelope says depends on what the command can do, from the command spec's
 * `readOnly` field:
 * - a read-only command sends nothing to any app and changes nothing: `not_delivered`, a retry is safe;
 * - any other: `lost` is `unknown` (nothing is known), `unanswered` is `delivery_uncertain` (it was handed over
 *   and its outcome never came back): a retry is not safe before looking at the app.
 * The envelope is in the contract version the call asked for, like any other.
 */
import { errorEnvelope, type Delivery } from "@agent-desktop/domain"
import { convertEnvelope } from "@agent-desktop/contracts/convert"
import { isContractVersion, LATEST_CONTRACT_VERSION } from "@agent-desktop/contracts/vocabulary"
import { COMMANDS } from "../parser/CommandTable.js"
import { parse } from "../parser/parse.js"

export type HostFailureKind = "lost" | "unanswered"

export interface HostFailure {
  readonly kind: HostFailureKind
  readonly reason: string
}

export interface HostFailureOutcome {
  readonly stdout: string
  readonly stderr: string
  readonly exit: number
}

const OFF = "AGENT_DESKTOP_HOST=off runs without the host"

export const hostFailureOutcome = (
  argv: ReadonlyArray<string>,
  env: Readonly<Record<string, string | undefined>>,
  failure: HostFailure
): HostFailureOutcome => {
  const parsed = parse(argv)
  const command = parsed.kind === "command" || parsed.kind === "error" ? parsed.command : "unknown"
  // A call the parser refuses runs nothing anywhere; one it accepts is as safe to repeat as its command.
  const readOnly = parsed.kind !== "command" || COMMANDS[command]?.readOnly === true
  const delivery: Delivery = readOnly ? "not_delivered" : failure.kind === "lost" ? "unknown" : "delivery_uncertain"
  const envelope = errorEnvelope(command, failure.kind === "lost"
    ? {
      code: "INTERNAL",
      message: `The warm host went away before answering (${failure.reason}); ${readOnly ? "this command changes nothing" : "the command may have run"}`,
      delivery,
      suggestion: readOnly ? `Run it again; ${OFF}` : `Snapshot the app to see its state before running the command again; ${OFF}`
    }
    : {
      code: "TIMEOUT",
      message: `The warm host did not answer (${failure.reason}); ${readOnly ? "this command changes nothing" : "the command was handed over and may have run or still run"}`,
      delivery,
      details: { kind: "host_unresponsive" },
      suggestion: readOnly
        ? `Run it again (the host may be stopped or overloaded: ${OFF})`
        : `Snapshot the app to see whether the command took effect before running it again; ${OFF}`
    })
  const globals = parsed.kind === "command" || parsed.kind === "error" || parsed.kind === "schema" ? parsed.globals : undefined
  const requested = globals?.contract ?? (env["AGENT_DESKTOP_CONTRACT"] || undefined)
  const shaped = requested !== undefined && requested !== LATEST_CONTRACT_VERSION && isContractVersion(requested)
    ? convertEnvelope(envelope as never, LATEST_CONTRACT_VERSION, requested)
    : envelope
  return { stdout: JSON.stringify(shaped) + "\n", stderr: "", exit: 1 }
}
