import Type, { type TSchema } from "typebox"
import { WaitForGone } from "../data/WaitForResult.js"
import { REF_ACTION_COMMANDS } from "../vocabulary/Commands.js"

/**
 * A ref-resolving action prints its own result, or, with `--wait-for`, the snapshot it polled (carrying the result
 * under `after_action`), or the `--wait-for-gone` outcome.
 */
export const withWaitFor = <R extends TSchema, S extends TSchema>(result: R, snapshot: S) =>
  Type.Union([result, snapshot, WaitForGone])

/** The sixteen ref actions, all sharing one data schema. */
export const refActions = <T extends TSchema>(data: T) =>
  Object.fromEntries(REF_ACTION_COMMANDS.map((command) => [command, data])) as {
    readonly [K in (typeof REF_ACTION_COMMANDS)[number]]: T
  }
