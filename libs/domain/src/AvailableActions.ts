/** The `available_actions` vocabulary (reference §2.3) and the rule that decides which nodes get a ref (§2.2). */
import { INTERACTIVE_ROLES, type Role } from "./Roles.js"

import { AVAILABLE_ACTIONS } from "@agent-desktop/contracts/vocabulary"

export { AVAILABLE_ACTIONS }

export type AvailableAction = (typeof AVAILABLE_ACTIONS)[number]

/**
 * A node earns a ref when its role is interactive or it offers any action besides SetFocus: focusability alone
 * is too common (every container can take focus) to make a node a target.
 */
export const getsRef = (role: string, actions: ReadonlyArray<string>): boolean =>
  INTERACTIVE_ROLES.has(role as Role) || actions.some((action) => action !== "SetFocus")
