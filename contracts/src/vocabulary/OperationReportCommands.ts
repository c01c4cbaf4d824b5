import { COMMAND_MANIFEST } from "../manifest/commands.generated.js"
import type { CommandsWhere } from "./Commands.js"

type Manifest = (typeof COMMAND_MANIFEST)["commands"]

export type OperationReportCommand = CommandsWhere<{ readonly operationReport: object }>

/**
 * The thirteen commands that return an OperationReport from 2.5 on, and what they printed before: the success flag
 * (always `true`) and the request fields they echo. Shared by the 2.5 schemas and by the 2.4 <-> 2.5 converter.
 * Derived from each command's `operationReport` in the command spec.
 */
export const OPERATION_REPORT_COMMANDS = /* @__PURE__ */ (() => Object.fromEntries(
  Object.entries(COMMAND_MANIFEST.commands).flatMap(([name, entry]) =>
    "operationReport" in entry ? [[name, entry.operationReport]] : []
  )
))() as { readonly [K in OperationReportCommand]: Extract<Manifest[K], { readonly operationReport: object }>["operationReport"] }

export const isOperationReportCommand = (command: string): command is OperationReportCommand =>
  Object.hasOwn(OPERATION_REPORT_COMMANDS, command)

/** Stateful ref actions that read their state back from 2.4 on. */
export const STATEFUL_REF_ACTIONS = /* @__PURE__ */ (() => (Object.keys(COMMAND_MANIFEST.commands) as Array<keyof Manifest & string>).filter(
  (name) => "stateful" in COMMAND_MANIFEST.commands[name]
))() as ReadonlyArray<CommandsWhere<{ readonly stateful: true }>>
