/** Items of a list, tree or table: where a toolkit's item actions may mean something else (ToolkitProfile.itemActionAliases). */
import { AtspiRole } from "./Roles.js"

const itemRoles = new Set<number>([AtspiRole.listItem, AtspiRole.tableCell, 90 /* table row */, 91 /* tree item */])

export const isItemRole = (role: number): boolean => itemRoles.has(role)
