/**
 * Whether an app's whole cache may be asked for in one reply (`Cache.GetItems`). Where its profile bounds that reply
 * (`ToolkitProfile.bulkCacheMaxObjects`) the app's objects are first counted through Collection, up to one past the
 * bound: an app with more is read live (paged), never asked whole. Chromium 156 builds a reply of ~370 bytes per
 * object, and one past D-Bus's array limit (64 MiB: a 50,000-row table) is never delivered: the bus disconnects the
 * browser after ~50 s of building it, and its accessibility is gone until it restarts.
 */
import type { AtspiSession } from "../../atspi/AtspiSession.js"
import { getMatches, noCollection } from "../../atspi/Collection.js"
import { Paths } from "../../atspi/Interfaces.js"
import type { ToolkitProfile } from "../../toolkits/ToolkitProfile.js"

export const cacheFits = async (session: AtspiSession, busName: string, profile: ToolkitProfile, timeoutMs: number): Promise<boolean> => {
  const max = profile.bulkCacheMaxObjects
  if (max === undefined) return true
  try {
    const objects = await getMatches(session, { busName, path: Paths.root }, { roles: [], states: [] }, max + 1, timeoutMs)
    return objects.length <= max
  } catch (error) {
    // An app that cannot be counted is read live: asking it whole might be what disconnects it.
    if (noCollection(error)) return false
    throw error
  }
}
