import {
  isOperationReportCommand,
  OPERATION_REPORT_COMMANDS,
  type OperationReportCommand
} from "../../vocabulary/OperationReportCommands.js"
import { ConversionError } from "../ConversionError.js"
import { isRecord, mapData, without, type JsonRecord } from "../EnvelopeJson.js"
import type { VersionStep } from "../VersionStep.js"

const REPORT_FIELDS = ["action", "disposition", "steps", "post_state", "surfaces", "details", "target"]

const pick = (record: JsonRecord, keys: ReadonlyArray<string>): JsonRecord =>
  Object.fromEntries(keys.filter((key) => record[key] !== undefined).map((key) => [key, record[key]]))

const pointOf = (data: JsonRecord): JsonRecord | undefined =>
  typeof data["x"] === "number" && typeof data["y"] === "number" ? { x: data["x"], y: data["y"] } : undefined

/** The 2.5 `target` a flag payload implies, or undefined when the payload lacks the identity it needs. */
const targetOf = (command: OperationReportCommand, data: JsonRecord): JsonRecord | undefined => {
  switch (OPERATION_REPORT_COMMANDS[command].target) {
    case "pointer": {
      const point = pointOf(data)
      return point && { kind: "pointer", point }
    }
    case "drag":
      return { kind: "drag", from: data["from"], to: data["to"] }
    case "clipboard":
      return { kind: "clipboard" }
    case "app":
      return { kind: "app", name: data["app"] }
    case "window":
      return undefined
  }
}

const flagsToReport = (command: OperationReportCommand, data: JsonRecord): JsonRecord => {
  const target = targetOf(command, data)
  if (target === undefined) {
    throw new ConversionError(command, "2.4", "2.5", "the flag payload does not name the target 2.5 requires")
  }
  const spec = OPERATION_REPORT_COMMANDS[command]
  return {
    action: command,
    // A flag said the input was sent, never that its effect was observed.
    disposition: { delivery: "delivered_unverified", retry: "unsafe" },
    target,
    ...pick(data, [...spec.echoed, ...(command === "drag" ? ["drop_delay_ms"] : [])])
  }
}

const reportToFlags = (command: OperationReportCommand, report: JsonRecord): JsonRecord => {
  const echoed = without(report, REPORT_FIELDS)
  const target = isRecord(report["target"]) ? report["target"] : {}
  const point = isRecord(target["point"]) ? target["point"] : {}
  const withPoint = { x: echoed["x"] ?? point["x"], y: echoed["y"] ?? point["y"] }
  const verified = isRecord(report["disposition"]) && report["disposition"]["delivery"] === "delivered_verified"
  switch (command) {
    case "mouse-click":
      return { clicked: true, ...withPoint, count: echoed["count"] ?? 1 }
    case "mouse-move":
      return { moved: true, ...withPoint }
    case "mouse-wheel":
      return { scrolled: true, dy: echoed["dy"], dx: echoed["dx"] }
    case "hover":
      return { hovered: true, ...withPoint }
    case "drag":
      return { dragged: true, ...pick(echoed, ["from", "to", "drop_delay_ms"]) }
    case "clipboard-set":
      return { ok: true, type: echoed["type"] }
    case "clipboard-clear":
      return { cleared: true }
    case "close-app":
      return { app: echoed["app"], method: echoed["method"], requested: true, ...(verified ? { closed: true } : {}) }
    case "move-window":
      return { moved: true, x: echoed["x"], y: echoed["y"] }
    case "resize-window":
      return { resized: true, width: echoed["width"], height: echoed["height"] }
    case "minimize":
      return { minimized: true }
    case "maximize":
      return { maximized: true }
    case "restore":
      return { restored: true }
  }
}

/** 0.8.2 named unnamed elements; 2.5 omits `name` and adds `bounds` to context matches. */
const matchDown = (match: unknown): unknown => {
  if (!isRecord(match)) return match
  const rest = without(match, ["bounds"])
  if (typeof rest["name"] === "string") return rest
  const value = rest["value"]
  return { ...rest, name: typeof value === "string" && value !== "" ? value : `(unnamed ${String(rest["role"])})` }
}

const findDown = (data: unknown): unknown => {
  if (!isRecord(data)) return data
  if (Array.isArray(data["matches"])) return { ...data, matches: data["matches"].map(matchDown) }
  if ("match" in data) return { ...data, match: data["match"] === null ? null : matchDown(data["match"]) }
  return data
}

/** Flag payloads carry their flag; reports carry `target`; `--wait-for` results carry neither and pass through. */
const isFlagPayload = (command: OperationReportCommand, data: unknown): data is JsonRecord =>
  isRecord(data) && OPERATION_REPORT_COMMANDS[command].flags.some((flag) => flag in data)
const isReport = (data: unknown): data is JsonRecord => isRecord(data) && isRecord(data["target"])

/** 2.5, the breaking version: OperationReports replace success flags; find omits unknown names. */
export const v2_4_v2_5: VersionStep = {
  from: "2.4",
  to: "2.5",
  up: (envelope) =>
    mapData(envelope, "2.5", (data, command) =>
      isOperationReportCommand(command) && isFlagPayload(command, data) ? flagsToReport(command, data) : data
    ),
  down: (envelope) =>
    mapData(envelope, "2.4", (data, command) => {
      if (command === "find") return findDown(data)
      return isOperationReportCommand(command) && isReport(data) ? reportToFlags(command, data) : data
    })
}
