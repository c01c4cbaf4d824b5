/**
 * Desktop tests' way into the engine: one command through the real Linux adapter and a store in `home`, its envelope
 * checked against the strict 2.6 schema. `ok` also requires success and returns the data.
 */
import { validateEnvelope } from "@agent-desktop/contract-check"
import { LinuxAdapter } from "@agent-desktop/platform-linux"
import { Effect } from "effect"
import { EngineLive } from "../EngineLive.js"
import { runCommand } from "../runCommand.js"

export type Envelope = { ok: boolean; data?: any; error?: any }

export const linuxEngine = (home: string) => {
  const run = async (command: string, args: Record<string, unknown> = {}, headed = false): Promise<Envelope> => {
    const envelope = await Effect.runPromise(
      runCommand({ command, args, options: { headed } }).pipe(Effect.provide(EngineLive({ adapter: LinuxAdapter.layer, home })))
    )
    const result = validateEnvelope("2.6", envelope, { strict: true })
    if (!result.valid) throw new Error(`invalid envelope ${JSON.stringify(envelope)}: ${JSON.stringify(result.errors.slice(0, 3))}`)
    return envelope as unknown as Envelope
  }
  const ok = async (command: string, args: Record<string, unknown> = {}, headed = false) => {
    const envelope = await run(command, args, headed)
    if (!envelope.ok) throw new Error(`${command} failed: ${JSON.stringify(envelope.error)}`)
    return envelope.data
  }
  return { run, ok }
}
