import { commandsAt } from "../commands/index.js"
import { ErrorBody } from "../schema/ErrorBody.js"
import type { ContractDefinition } from "./ContractDefinition.js"

/**
 * Contract 2.1 (v0.5.0): the base of this package. Errors carry `disposition` always and `recovery` only when
 * safe; refs are printed qualified; snapshots either complete or fail with TIMEOUT.
 */
export const V2_1 = {
  version: "2.1",
  changes: [
    {
      id: "structured-recovery",
      description:
        "error.retry_command is gone (no alias); errors carry error.disposition always and error.recovery only when disposition.retry is safe.",
      breaking: true
    },
    { id: "app-unresponsive", description: "New error code APP_UNRESPONSIVE.", breaking: false },
    { id: "qualified-refs", description: "Refs are printed snapshot-qualified (@<snapshot_id>:e<N>).", breaking: false },
    { id: "step-mechanism", description: "Action steps carry an optional mechanism.", breaking: false }
  ],
  errorBody: ErrorBody,
  commands: commandsAt("2.1")
} as const satisfies ContractDefinition<"2.1">
