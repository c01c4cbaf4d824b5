import { commandsAt } from "../commands/index.js"
import { REF_ACTION_COMMANDS } from "../vocabulary/Commands.js"
import { extendContract } from "./ContractDefinition.js"
import { V2_1 } from "./v2_1.js"

/** Contract 2.2 (v0.7.0): an exhausted snapshot budget is a partial success, not TIMEOUT. */
export const V2_2 = extendContract(V2_1, {
  version: "2.2",
  changes: [
    {
      id: "snapshot-partial-result",
      description:
        "A snapshot that exhausts its budget returns ok:true with complete:false, truncated:true, nodes_observed and subtree_truncated on cut nodes instead of TIMEOUT; snapshot data always carries complete. A --root drill-down still returns TIMEOUT.",
      breaking: false,
      commands: ["snapshot", ...REF_ACTION_COMMANDS, "hover", "drag"]
    }
  ],
  commands: commandsAt("2.2")
})
