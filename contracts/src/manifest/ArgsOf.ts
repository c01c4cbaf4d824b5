// The arguments of a command after decoding (the engine's `decodeArgs`), as a type derived from the command spec's
// manifest: snake_case keys; a value typed by its schema (an enum as its union); always present when the spec gives
// it a value without the caller (a default, a switch's false, a repeatable flag's empty list, a required
// positional), optional otherwise. Types only: nothing here runs.
import type { COMMAND_MANIFEST } from "./commands.generated.js"

type Manifest = (typeof COMMAND_MANIFEST)["commands"]
type CommandName = keyof Manifest & string

type Snake<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}_${Snake<Tail>}` : S

/** The value a JSON Schema of the spec's argument subset describes. */
export type ArgValue<S> = S extends { readonly enum: ReadonlyArray<infer E> } ? E
  : S extends { readonly type: "string" } ? string
  : S extends { readonly type: "integer" | "number" } ? number
  : S extends { readonly type: "boolean" } ? boolean
  : S extends { readonly type: "array"; readonly items: infer I } ? ReadonlyArray<ArgValue<I>>
  : S extends { readonly type: "object"; readonly properties: infer P } ? { readonly [K in keyof P]: ArgValue<P[K]> }
  : unknown

/** A flag the decoder always fills: it has a default, is a switch (false) or a repeatable list ([]). */
type FilledFlag<F> = F extends { readonly syntax: "switch" | "list" } ? true
  : F extends { readonly schema: { readonly default: unknown } } ? true
  : false

type FilledPositional<P> = P extends { readonly required: true } ? true
  : P extends { readonly schema: { readonly default: unknown } } ? true
  : false

type FlagArgs<Flags> =
  & { readonly [N in keyof Flags & string as FilledFlag<Flags[N]> extends true ? Snake<N> : never]: Flags[N] extends { readonly schema: infer S } ? ArgValue<S> : never }
  & { readonly [N in keyof Flags & string as FilledFlag<Flags[N]> extends true ? never : Snake<N>]?: Flags[N] extends { readonly schema: infer S } ? ArgValue<S> : never }

type PositionalArgs<Ps> = Ps extends ReadonlyArray<infer P>
  ? & { readonly [E in P as E extends { readonly key: infer K extends string } ? FilledPositional<E> extends true ? K : never : never]: E extends { readonly schema: infer S } ? ArgValue<S> : never }
    & { readonly [E in P as E extends { readonly key: infer K extends string } ? FilledPositional<E> extends true ? never : K : never]?: E extends { readonly schema: infer S } ? ArgValue<S> : never }
  : never

type Simplify<T> = { [K in keyof T]: T[K] } & {}

/**
 * The decoded arguments of command K (of each command, for a union of names): what its handler receives.
 * `ArgsOf<"click">` = `{ ref_id: string; timeout_ms: number; snapshot?: string }`.
 */
export type ArgsOf<K extends CommandName> = K extends CommandName
  ? Simplify<PositionalArgs<Manifest[K]["positionals"]> & FlagArgs<Manifest[K]["flags"]>>
  : never

/** The spec's default of flag F of command K, as its literal type. */
export type FlagDefault<K extends CommandName, F extends keyof Manifest[K]["flags"]> =
  Manifest[K]["flags"][F] extends { readonly schema: { readonly default: infer D } } ? D : never
