import { execFile } from "node:child_process"
import type { EnvelopeV2_1, EnvelopeV2_2, EnvelopeV2_3, EnvelopeV2_4, EnvelopeV2_5, EnvelopeV2_6, EnvelopeV2_7 } from "@agent-desktop/contracts"
import { ARGV, type CommandArgs, type CommandName, GLOBAL_ARGV, type GlobalOptions } from "./generated/commands.js"

export interface EnvelopeByVersion {
  readonly "2.1": EnvelopeV2_1
  readonly "2.2": EnvelopeV2_2
  readonly "2.3": EnvelopeV2_3
  readonly "2.4": EnvelopeV2_4
  readonly "2.5": EnvelopeV2_5
  readonly "2.6": EnvelopeV2_6
  readonly "2.7": EnvelopeV2_7
}
export type Version = keyof EnvelopeByVersion

/** What `command` answers in contract V: its success envelope, or an error envelope. */
export type ResultOf<V extends Version, K extends CommandName> =
  | Extract<EnvelopeByVersion[V], { readonly ok: true; readonly command: K }>
  | Extract<EnvelopeByVersion[V], { readonly ok: false }>

export interface ClientOptions<V extends Version> {
  /** The contract version every call answers in (`--contract`). */
  readonly contract: V
  /** How to start the CLI, e.g. ["agent-desktop"] or [process.execPath, "/path/to/bin/agent-desktop.js"]. */
  readonly command?: ReadonlyArray<string>
  readonly env?: Readonly<Record<string, string | undefined>>
  readonly globals?: GlobalOptions
}

/** The CLI did not answer with one envelope (it could not start, or printed something else). */
export class ClientError extends Error {
  constructor(message: string, readonly stdout: string, readonly stderr: string) {
    super(message)
  }
}

type Syntax = "switch" | "value" | "list" | "xy" | "optional-value"

const flagArgs = (spec: readonly [string, Syntax] | undefined, value: unknown): Array<string> => {
  if (spec === undefined || value === undefined || value === null || value === false) return []
  const [flag, syntax] = spec
  switch (syntax) {
    case "switch":
      return [`--${flag}`]
    case "list":
      return (value as ReadonlyArray<string>).map((item) => `--${flag}=${item}`)
    case "xy": {
      const point = value as { readonly x: number; readonly y: number }
      return [`--${flag}=${point.x},${point.y}`]
    }
    default:
      return [`--${flag}=${String(value)}`]
  }
}

/**
 * The command line for one call: the pinned contract and global flags, the command, its flags, then `--` and the
 * positionals, so a text starting with `-` is never read as a flag.
 */
export const argvFor = <K extends CommandName>(contract: Version, command: K, args: CommandArgs[K], globals: GlobalOptions = {}): Array<string> => {
  const spec = ARGV[command] as { readonly positionals: ReadonlyArray<string>; readonly flags: Readonly<Record<string, readonly [string, Syntax]>> }
  const record = args as Readonly<Record<string, unknown>>
  const global = GLOBAL_ARGV as Readonly<Record<string, readonly [string, Syntax]>>
  const unknown = Object.keys(record).filter((key) => !spec.positionals.includes(key) && !(key in spec.flags))
  if (unknown.length > 0) throw new TypeError(`${command} takes no argument ${unknown.join(", ")}`)
  const positionals = spec.positionals.filter((key) => record[key] !== undefined).map((key) => String(record[key]))
  return [
    "--contract", contract,
    ...Object.entries(globals).flatMap(([key, value]) => flagArgs(global[key], value)),
    command,
    ...Object.entries(spec.flags).flatMap(([key, flag]) => flagArgs(flag, record[key])),
    ...(positionals.length > 0 ? ["--", ...positionals] : [])
  ]
}

/** A typed runner over the agent-desktop CLI: one call = one process = one envelope. */
export class AgentDesktop<V extends Version> {
  constructor(readonly options: ClientOptions<V>) {}

  run<K extends CommandName>(command: K, args: CommandArgs[K], globals: GlobalOptions = {}): Promise<ResultOf<V, K>> {
    const [file, ...prefix] = this.options.command ?? ["agent-desktop"]
    const argv = [...prefix, ...argvFor(this.options.contract, command, args, { ...this.options.globals, ...globals })]
    return new Promise((resolve, reject) => {
      execFile(file!, argv, { env: { ...process.env, ...this.options.env }, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : undefined
        const lines = stdout.split("\n").filter((line) => line !== "")
        if (code === undefined || code > 2 || lines.length !== 1) {
          reject(new ClientError(`agent-desktop ${command} gave no envelope (exit ${String(code ?? error?.code)})`, stdout, stderr))
          return
        }
        try {
          resolve(JSON.parse(lines[0]!) as ResultOf<V, K>)
        } catch {
          reject(new ClientError(`agent-desktop ${command} printed something that is not JSON`, stdout, stderr))
        }
      })
    })
  }
}
