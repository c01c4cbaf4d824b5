import { isItemRole } from "../atspi/ItemRoles.js"
import type { ToolkitProfile } from "./ToolkitProfile.js"

/**
 * An action name as the adapter reads it (tree reads and handlers alike): the profile's alias for that role first
 * (Firefox ESR 153: a radio button's "select" checks it, so it reads as "toggle"), then its item alias on list, tree
 * and table items (Qt 5.15: an item's "toggle" selects it), then its toolkit-wide alias, else the name itself.
 */
export const actionAlias = (profile: ToolkitProfile, name: string, role: number | undefined): string =>
  (role === undefined ? undefined : profile.roleActionAliases?.[role]?.[name]) ??
  (role !== undefined && isItemRole(role) ? profile.itemActionAliases?.[name] : undefined) ??
  profile.actionAliases[name] ??
  name
