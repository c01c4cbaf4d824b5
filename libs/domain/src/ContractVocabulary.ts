import { isRole, type Role } from "./Roles.js"
import { isState, type State } from "./States.js"

/** A platform role as the contract spells it: a role outside the contract's vocabulary is `unknown`. */
export const contractRole = (role: string): Role => isRole(role) ? role : "unknown"

/** Platform states as the contract spells them: states outside the contract's vocabulary are left out. */
export const contractStates = (states: ReadonlyArray<string>): ReadonlyArray<State> => states.filter(isState)
