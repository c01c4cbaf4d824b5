/**
 * Unit tests' way into the engine: `runCommand` over a ScriptedAdapter showing `tree` and a real store in `home`,
 * and `strictEnvelope`, which requires an envelope to pass the strict schema of the native contract version (desktop tests' linuxEngine too).
 */
import { validateEnvelope } from "@agent-desktop/contract-check"
import { LATEST_CONTRACT_VERSION } from "@agent-desktop/contracts/vocabulary"
import { EventStore } from "@agent-desktop/store"
import { Effect, Layer } from "effect"
import { runCommand, type CommandRequest } from "../runCommand.js"
import { ScriptedAdapter, type Spec } from "./ScriptedAdapter.js"

export const strictEnvelope = <E extends { ok: boolean }>(envelope: E): E => {
  const result = validateEnvelope(LATEST_CONTRACT_VERSION, envelope, { strict: true })
  if (!result.valid) throw new Error(`invalid envelope ${JSON.stringify(envelope)}: ${JSON.stringify(result.errors.slice(0, 3))}`)
  return envelope
}

export const scriptedEngine = (tree: Spec, home: string) => {
  const adapter = new ScriptedAdapter()
  adapter.tree = tree
  const run = (request: CommandRequest) =>
    runCommand(request).pipe(Effect.provide(Layer.mergeAll(adapter.layer, EventStore.layer({ home }))))
  return { adapter, run }
}
