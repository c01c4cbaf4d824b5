import { commandsAt } from "../commands/index.js"
import { REF_ACTION_COMMANDS } from "../vocabulary/Commands.js"
import { extendContract } from "./ContractDefinition.js"
import { V2_5 } from "./v2_5.js"

/** Contract 2.6 (agent-desktop.ndjp.net): ref identity proof; our additive status diagnostics. */
export const V2_6 = extendContract(V2_5, {
  version: "2.6",
  changes: [
    {
      id: "ref-identity-proof",
      description:
        "On Windows, Linux and un-addressable macOS elements a ref resolves only when the snapshot proved it unique at capture and exactly one live element matches now; failures are told apart by details.kind (retained_object_stale, saved_ref_absent, saved_ref_ambiguous, identity_not_unique, resolution_identity_unknown).",
      breaking: false
    },
    {
      id: "identity-unproven",
      description: "Snapshot data may carry identity_unproven: true when the full-window read did not finish.",
      breaking: false,
      commands: ["snapshot", ...REF_ACTION_COMMANDS, "hover", "drag"]
    },
    {
      id: "status-diagnostics",
      description:
        "status data may carry problems (string[]: what keeps this machine from observing or acting) and probes (an open object of the platform's raw findings). Additive; down-conversion drops both.",
      breaking: false,
      commands: ["status"]
    },
    {
      id: "version-contracts",
      description:
        "version data may carry contracts (the contract versions the binary can print) and default_contract (the one it prints without --contract). Additive; down-conversion drops both.",
      breaking: false,
      commands: ["version"]
    },
    {
      id: "retry-after-ms",
      description: "recovery.retry_after_ms is documented for TIMEOUT and APP_UNRESPONSIVE (and only for them).",
      breaking: false
    }
  ],
  commands: commandsAt("2.6")
})
