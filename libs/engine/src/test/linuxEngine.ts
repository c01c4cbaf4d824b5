/**
 * Desktop tests' way into the engine: one command through the real Linux adapter and a store in `home`, its envelope
 * checked against the strict schema of the native contract version. `ok` also requires success and returns the data.
 */
import { LinuxAdapter } from "@agent-desktop/platform-linux"
import { Effect } from "effect"
import { EngineLive } from "../EngineLive.js"
import { runCommand } from "../runCommand.js"
import { strictEnvelope } from "./scriptedEngine.js"

export type Envelope = { ok: boolean; data?: any; error?: any }

export const linuxEngine = (home: string) => {
  const run = async (command: string, args: Record<string, unknown> = {}, headed = false): Promise<Envelope> => {
    const envelope = await Effect.runPromise(
      runCommand({ command, args, options: { headed } }).pipe(Effect.provide(EngineLive({ adapter: LinuxAdapter.layer, home })))
    )
    return strictEnvelope(envelope) as unknown as Envelope
  }
  const ok = async (command: string, args: Record<string, unknown> = {}, headed = false) => {
    const envelope = await run(command, args, headed)
    if (!envelope.ok) throw new Error(`${command} failed: ${JSON.stringify(envelope.error)}`)
    return envelope.data
  }
  return { run, ok }
}
