/**
 * Whether a live node carries a saved element's role and stable fields (README "Ref identity").
 *
 * - role always;
 * - a saved native id that is a real identifier (one a developer set: `ax_identifier`, `automation_id`, a toolkit
 *   accessible id) must match exactly (kind + value). An *address* (`atspi_object_path`, `runtime_id`) says where
 *   a live object sits in the accessibility server, not what it is: a duplicated widget gets a fresh address, so
 *   counting it would make every twin "provably itself" and hide the twins contract 2.6 must refuse. Addresses
 *   therefore count for nothing, neither in the proof at capture nor in live matching;
 * - name and description must match, and the value too for roles whose value is neither user state nor content
 *   (`valueIsIdentity`).
 *
 * Unlike the reference, the name counts for mutable-value roles as well: a check box's label is what tells
 * "Bold" from "Italic", and ignoring it would let one stand in for the other.
 */
import { contextOf, kindOf, sameContext, type IdentityContext } from "./IdentityContext.js"
import type { IdentityNode, NativeIdentifier } from "./IdentityNode.js"
import { valueIsIdentity } from "./Roles.js"

export interface SavedIdentity {
  readonly role: string
  readonly name?: string
  readonly value?: string
  readonly description?: string
  readonly native_id?: NativeIdentifier
  /** Saved only for a ref whose stable fields had twins at capture: its kind (IdentityContext.ts). */
  readonly kind?: string
  /** Saved only when its kind did not tell it from its twins either: its place below its nearest named ancestor. */
  readonly context?: IdentityContext
}

/** Native id kinds that are addresses of a live object, not identifiers; never identity evidence. */
export const ADDRESS_ID_KINDS: ReadonlySet<string> = new Set(["atspi_object_path", "runtime_id"])

/** The native id as identity evidence: undefined when there is none or it is only an address. */
export const identifierOf = (nativeId: NativeIdentifier | undefined): NativeIdentifier | undefined =>
  nativeId === undefined || ADDRESS_ID_KINDS.has(nativeId.kind) ? undefined : nativeId

export const identityOf = (node: IdentityNode): SavedIdentity => {
  const identifier = identifierOf(node.nativeId)
  const identity: { -readonly [K in keyof SavedIdentity]: SavedIdentity[K] } = { role: node.role }
  if (node.name !== undefined) identity.name = node.name
  if (node.value !== undefined) identity.value = node.value
  if (node.description !== undefined) identity.description = node.description
  if (identifier !== undefined) identity.native_id = { kind: identifier.kind, value: identifier.value }
  return identity
}

const same = (a: string | undefined, b: string | undefined): boolean => (a ?? "") === (b ?? "")

export const nativeIdMatches = (saved: NativeIdentifier | undefined, live: IdentityNode): boolean => {
  const wanted = identifierOf(saved)
  if (wanted === undefined) return true
  const found = identifierOf(live.nativeId)
  return found !== undefined && found.kind === wanted.kind && found.value === wanted.value
}

/** Every stable field except the name; the rename tier of `resolveIdentity` needs this half on its own. */
export const matchesAllButName = (saved: SavedIdentity, live: IdentityNode): boolean =>
  live.role === saved.role &&
  nativeIdMatches(saved.native_id, live) &&
  same(saved.description, live.description) &&
  (!valueIsIdentity(saved.role) || same(saved.value, live.value))

export const matchesIdentity = (saved: SavedIdentity, live: IdentityNode): boolean =>
  matchesAllButName(saved, live) && same(saved.name, live.name)

/**
 * The stable fields and, where the saved identity has them, its kind and its place in the live window `root`:
 * what re-identifies a ref that was told from its twins at capture by kind or place.
 */
export const matchesQualified = (saved: SavedIdentity, live: IdentityNode, root: IdentityNode): boolean =>
  matchesIdentity(saved, live) &&
  (saved.kind === undefined || kindOf(live) === saved.kind) &&
  (saved.context === undefined || sameContext(saved.context, contextOf(root, live)))
