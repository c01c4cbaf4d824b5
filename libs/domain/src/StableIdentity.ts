/**
 * Whether a live node carries a saved element's role and stable fields (README "Ref identity").
 *
 * - role always;
 * - a saved native id must match exactly (kind + value). An object-identity id (`atspi_object_path`,
 *   `runtime_id`) names one live object, so with it only the name must still match, and not even the name for
 *   content-named roles (a label object keeps its identity when its text changes). The name check stays because
 *   toolkits recycle objects (virtualised lists reuse UIA runtime ids for other rows);
 * - otherwise name and description must match, and the value too for roles whose value is neither user state
 *   nor content (`valueIsIdentity`).
 *
 * Unlike the reference, the name counts for mutable-value roles as well: a check box's label is what tells
 * "Bold" from "Italic", and ignoring it would let one stand in for the other.
 */
import type { IdentityNode, NativeIdentifier } from "./IdentityNode.js"
import { CONTENT_NAMED_ROLES, type Role, valueIsIdentity } from "./Roles.js"

export interface SavedIdentity {
  readonly role: string
  readonly name?: string
  readonly value?: string
  readonly description?: string
  readonly native_id?: NativeIdentifier
}

export const OBJECT_IDENTITY_KINDS: ReadonlySet<string> = new Set(["atspi_object_path", "runtime_id"])

export const identityOf = (node: IdentityNode): SavedIdentity => ({
  role: node.role,
  ...(node.name === undefined ? {} : { name: node.name }),
  ...(node.value === undefined ? {} : { value: node.value }),
  ...(node.description === undefined ? {} : { description: node.description }),
  ...(node.nativeId === undefined ? {} : { native_id: { kind: node.nativeId.kind, value: node.nativeId.value } })
})

const same = (a: string | undefined, b: string | undefined): boolean => (a ?? "") === (b ?? "")

export const nativeIdMatches = (saved: NativeIdentifier | undefined, live: IdentityNode): boolean =>
  saved === undefined ||
  (live.nativeId !== undefined && live.nativeId.kind === saved.kind && live.nativeId.value === saved.value)

/** Every stable field except the name; the rename tier of `resolveIdentity` needs this half on its own. */
export const matchesAllButName = (saved: SavedIdentity, live: IdentityNode): boolean =>
  live.role === saved.role &&
  nativeIdMatches(saved.native_id, live) &&
  same(saved.description, live.description) &&
  (!valueIsIdentity(saved.role) || same(saved.value, live.value))

export const matchesIdentity = (saved: SavedIdentity, live: IdentityNode): boolean => {
  if (live.role !== saved.role) return false
  if (saved.native_id !== undefined && OBJECT_IDENTITY_KINDS.has(saved.native_id.kind)) {
    return nativeIdMatches(saved.native_id, live) && (CONTENT_NAMED_ROLES.has(saved.role as Role) || same(saved.name, live.name))
  }
  return matchesAllButName(saved, live) && same(saved.name, live.name)
}
