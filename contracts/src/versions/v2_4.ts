import { commandsAt } from "../commands/index.js"
import { STATEFUL_REF_ACTIONS } from "../vocabulary/OperationReportCommands.js"
import { extendContract } from "./ContractDefinition.js"
import { V2_3 } from "./v2_3.js"

/** Contract 2.4: stateful ref actions read their state back after one delivery attempt. */
export const V2_4 = extendContract(V2_3, {
  version: "2.4",
  changes: [
    {
      id: "stateful-readback",
      description:
        "Stateful ref actions read the state back after one delivery attempt and reject an observed contradiction (the adapter's code plus details.kind post_action_verification); missing evidence stays a success delivered_unverified with details.verification_scope unavailable.",
      breaking: false,
      commands: STATEFUL_REF_ACTIONS
    }
  ],
  commands: commandsAt("2.4")
})
