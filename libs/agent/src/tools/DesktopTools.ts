// The desktop commands as model tools. They run in-process through the engine (wired by the app) and return the
// whole envelope as the tool result, so the model sees `disposition` and `recovery` and can decide to retry.
import { Effect } from "effect"
import { DESKTOP_COMMANDS, toolName } from "./desktopCommands.js"
import type { Tool, ToolOutcome } from "./Tool.js"

export { DESKTOP_COMMANDS, toolName } from "./desktopCommands.js"

/** The native envelope, as far as wave reads it. */
export interface DesktopEnvelope {
  readonly version: string
  readonly ok: boolean
  readonly command: string
  readonly data?: unknown
  readonly error?: { readonly code?: string; readonly message?: string; readonly [key: string]: unknown }
}

export interface DesktopRequest {
  /** Kebab-case command name (`click`, `list-apps`). */
  readonly command: string
  /** snake_case args (`ref_id`, `app`, `interactive_only`, `text`). */
  readonly args: Readonly<Record<string, unknown>>
  readonly options: { readonly headed?: boolean; readonly session?: string; readonly autoRecover?: boolean }
}

/** The engine seam: run one desktop command to its envelope. Never fails; errors are error envelopes. */
export type DesktopToolRunner = (request: DesktopRequest) => Effect.Effect<DesktopEnvelope>

const outcomeOf = (envelope: DesktopEnvelope): ToolOutcome =>
  envelope.ok
    ? { output: JSON.stringify(envelope), success: true }
    : {
      output: JSON.stringify(envelope),
      success: false,
      error: `${envelope.error?.code ?? "ERROR"}: ${envelope.error?.message ?? "command failed"}`
    }

export const desktopTools = (
  runner: DesktopToolRunner,
  options: { readonly headed: boolean; readonly session: string; readonly autoRecover: boolean }
): Array<Tool> =>
  DESKTOP_COMMANDS.map((spec) => ({
    name: toolName(spec.command),
    description: spec.description,
    parameters: {
      type: "object",
      properties: spec.params,
      required: spec.required ?? [],
      additionalProperties: false
    },
    run: (input) =>
      runner({
        command: spec.command,
        args: typeof input === "object" && input !== null ? input as Record<string, unknown> : {},
        options: { headed: options.headed, session: options.session, autoRecover: options.autoRecover }
      }).pipe(Effect.map(outcomeOf))
  }))
