import type { TSchema } from "typebox"
import type { ContractVersion } from "../vocabulary/ContractVersion.js"

/** One declared change of a version, machine-readable. `commands` names the commands whose data it touches. */
export interface ContractChange {
  readonly id: string
  readonly description: string
  /**
   * True when a consumer written for the previous version may reject output of this one. The compatibility gate
   * fails on any breaking difference that no breaking change of the version covers (by command, or everywhere
   * when `commands` is absent).
   */
  readonly breaking: boolean
  readonly commands?: ReadonlyArray<string>
}

export type CommandSchemas = Readonly<Record<string, TSchema>>

/** A contract version: its error body and the `data` schema of every command whose shape is known. */
export interface ContractDefinition<
  V extends ContractVersion = ContractVersion,
  C extends CommandSchemas = CommandSchemas,
  E extends TSchema = TSchema
> {
  readonly version: V
  readonly changes: ReadonlyArray<ContractChange>
  readonly errorBody: E
  readonly commands: C
}

/**
 * A version = the previous version's error body plus its own declared changes; its command schemas come from the
 * command spec (`commandsAt(version)`), where each command says from which version on its data changed.
 */
export const extendContract = <
  P extends ContractDefinition,
  V extends ContractVersion,
  O extends CommandSchemas
>(
  previous: P,
  next: { readonly version: V; readonly changes: ReadonlyArray<ContractChange>; readonly commands: O }
): ContractDefinition<V, O, P["errorBody"]> => ({
  version: next.version,
  changes: next.changes,
  errorBody: previous.errorBody,
  commands: next.commands
})
