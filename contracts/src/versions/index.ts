import type { ContractVersion } from "../vocabulary/ContractVersion.js"
import type { ContractDefinition } from "./ContractDefinition.js"
import { V2_1 } from "./v2_1.js"
import { V2_2 } from "./v2_2.js"
import { V2_3 } from "./v2_3.js"
import { V2_4 } from "./v2_4.js"
import { V2_5 } from "./v2_5.js"
import { V2_6 } from "./v2_6.js"
import { V2_7 } from "./v2_7.js"

export { V2_1, V2_2, V2_3, V2_4, V2_5, V2_6, V2_7 }
export * from "./ContractDefinition.js"

/** Every contract version's definition, keyed by version. */
export const CONTRACTS: { readonly [V in ContractVersion]: ContractDefinition<V> } = {
  "2.1": V2_1,
  "2.2": V2_2,
  "2.3": V2_3,
  "2.4": V2_4,
  "2.5": V2_5,
  "2.6": V2_6,
  "2.7": V2_7
}
