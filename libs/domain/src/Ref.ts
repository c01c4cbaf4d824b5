/**
 * Snapshot-qualified refs: `@<snapshot_id>:e<N>` (reference §2.1). A ref names element N of one saved snapshot;
 * a bare `@eN` is rejected because it would silently bind to whichever snapshot happens to be latest.
 */

export interface Ref {
  readonly snapshotId: string
  readonly index: number
}

export type RefParse =
  | { readonly _tag: "Ok"; readonly ref: Ref }
  | { readonly _tag: "Invalid"; readonly message: string; readonly suggestion: string }

export const BARE_REF_SUGGESTION =
  "Use the snapshot-qualified ref that snapshot prints, for example @s8f3k2p9:e1. A bare @eN ref is not accepted."

const MAX_REF_INDEX = 4_294_967_295
const SNAPSHOT_ID = /^[A-Za-z0-9_-]{3,64}$/
const REF_INDEX = /^[0-9]{1,10}$/
const BARE_REF = /^@?e[0-9]+$/

export const isValidSnapshotId = (input: string): boolean => SNAPSHOT_ID.test(input)

const invalid = (input: string, suggestion: string = BARE_REF_SUGGESTION): RefParse => ({
  _tag: "Invalid",
  message: `Invalid ref_id '${input}': expected @<snapshot_id>:e<N>`,
  suggestion
})

export const parseRef = (input: string): RefParse => {
  if (BARE_REF.test(input) || !input.startsWith("@")) return invalid(input)
  // Split at the last ":e" as the reference does; ids cannot contain ":", so this only shapes malformed input.
  const split = input.lastIndexOf(":e")
  if (split === -1) return invalid(input)
  const snapshotId = input.slice(1, split)
  const digits = input.slice(split + 2)
  if (!isValidSnapshotId(snapshotId)) {
    return invalid(input, "Copy the ref exactly as snapshot printed it; a snapshot id is 3-64 of [A-Za-z0-9_-].")
  }
  if (!REF_INDEX.test(digits)) return invalid(input, "Copy the ref exactly as snapshot printed it, for example @s8f3k2p9:e1.")
  const index = Number(digits)
  if (index < 1 || index > MAX_REF_INDEX) {
    return invalid(input, "Copy the ref exactly as snapshot printed it; element numbers start at e1.")
  }
  return { _tag: "Ok", ref: { snapshotId, index } }
}

export const formatRef = (snapshotId: string, index: number): string => `@${snapshotId}:e${index}`

/** The key a RefMap stores a ref under (`@eN`), independent of the snapshot id. */
export const refKey = (index: number): string => `@e${index}`

/** The index of a RefMap key (`@e7` -> 7), or undefined for anything else. */
export const refKeyIndex = (key: string): number | undefined => {
  const match = /^@e([1-9][0-9]{0,9})$/.exec(key)
  return match?.[1] === undefined ? undefined : Number(match[1])
}

/**
 * `"s"` + base36 of a 64-bit random value, at least 4 digits (`s8f3k2p9`). The caller supplies the randomness so
 * this module stays pure; any byte source works, only the first 8 bytes are used.
 */
export const newSnapshotId = (randomBytes: Uint8Array): string => {
  if (randomBytes.length < 8) throw new RangeError("newSnapshotId needs at least 8 random bytes")
  let value = 0n
  for (let i = 0; i < 8; i++) value = (value << 8n) | BigInt(randomBytes[i] ?? 0)
  return `s${value.toString(36).padStart(4, "0")}`
}
