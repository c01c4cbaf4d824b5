/**
 * What a stored RefMap may keep: identity, not contents. A text field's value is what the user typed (a password,
 * a message) and is never identity (domain's `valueIsIdentity`), so it is dropped before the RefMap is written;
 * re-identification compares it only for roles whose value does identify them.
 */
import { valueIsIdentity, type RefEntry } from "@agent-desktop/domain"

export const withoutContents = (refs: Readonly<Record<string, RefEntry>>): Readonly<Record<string, RefEntry>> => {
  const keys = Object.keys(refs)
  const holdsContents = (entry: RefEntry) => entry.value !== undefined && !valueIsIdentity(entry.role)
  // The engine leaves contents out already (captureSnapshot): then the map is kept as it is, not copied.
  if (!keys.some((key) => holdsContents(refs[key]!))) return refs
  const out: Record<string, RefEntry> = {}
  for (const key of keys) {
    const entry = refs[key]!
    if (!holdsContents(entry)) {
      out[key] = entry
    } else {
      const { value: _contents, ...kept } = entry
      out[key] = kept
    }
  }
  return out
}
