/**
 * Trace redaction (reference §7.3): every sensitive key, at any depth, is replaced by `{"redacted": true}` so a
 * shared trace never carries typed text, values, names or credentials.
 */

export const SENSITIVE_KEYS: ReadonlySet<string> = new Set([
  "text", "value", "expected", "name", "username", "description", "label", "query", "secret", "token", "password",
  "title", "url", "help", "placeholder"
])

export const REDACTED = { redacted: true } as const

export const redact = (payload: unknown): unknown => {
  if (Array.isArray(payload)) return payload.map(redact)
  if (payload === null || typeof payload !== "object") return payload
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined) continue
    out[key] = SENSITIVE_KEYS.has(key) ? { ...REDACTED } : redact(value)
  }
  return out
}
