/**
 * What a stored RefMap may keep: identity, not contents. A text field's value is what the user typed (a password,
 * a message) and is never identity (domain's `valueIsIdentity`), so it is dropped before the RefMap is written;
 * re-identification compares it only for roles whose value does identify them.
 */
import { valueIsIdentity, type RefEntry } from "@agent-desktop/domain"

export const withoutContents = (refs: Readonly<Record<string, RefEntry>>): Record<string, RefEntry> => {
  const out: Record<string, RefEntry> = {}
  for (const [key, entry] of Object.entries(refs)) {
    if (entry.value === undefined || valueIsIdentity(entry.role)) {
      out[key] = entry
    } else {
      const { value: _contents, ...kept } = entry
      out[key] = kept
    }
  }
  return out
}
