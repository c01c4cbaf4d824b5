import type { CommandData, CommandName } from "@agent-desktop/contracts"

export type DeepReadonly<T> = T extends ReadonlyArray<infer E> ? ReadonlyArray<DeepReadonly<E>>
  : T extends object ? { readonly [P in keyof T]: DeepReadonly<T[P]> }
  : T

/** The native contract's `data` of a command, read-only: what a handler returns (the registry checks it). */
export type ContractData<K extends CommandName> = DeepReadonly<CommandData<K>>
