import { createHash } from "node:crypto"

/**
 * What a RefMap keeps of a value it must not store (a text field's contents): 64 bits of its SHA-256, enough to tell a
 * later diff that the value changed, never to print it.
 */
export const valueDigest = (value: string): string => createHash("sha256").update(value).digest("hex").slice(0, 16)
