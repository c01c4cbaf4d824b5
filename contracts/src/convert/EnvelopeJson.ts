import { REF_ACTION_COMMANDS } from "../vocabulary/Commands.js"

/** An envelope as plain JSON: the converters' input and output. They never load schemas. */
export interface EnvelopeJson {
  readonly version: string
  readonly ok: boolean
  readonly command: string
  readonly data?: unknown
  readonly error?: unknown
}

export type JsonRecord = Record<string, unknown>

export const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** Commands whose data may be snapshot data: `snapshot` itself and the actions that take `--wait-for`. */
const SNAPSHOT_COMMANDS: ReadonlySet<string> = new Set(["snapshot", ...REF_ACTION_COMMANDS, "hover", "drag"])

/** Snapshot data, as printed by `snapshot` or by an action's `--wait-for` (not `status`, which also has a ref_count). */
export const isSnapshotData = (data: unknown, command: string): data is JsonRecord =>
  SNAPSHOT_COMMANDS.has(command) && isRecord(data) && "snapshot_id" in data && "ref_count" in data

/** A copy of `record` without `keys`. */
export const without = (record: JsonRecord, keys: ReadonlyArray<string>): JsonRecord =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)))

export const success = (envelope: EnvelopeJson, version: string, data: unknown): EnvelopeJson => ({
  version,
  ok: true,
  command: envelope.command,
  data
})

export const failure = (envelope: EnvelopeJson, version: string, error: JsonRecord): EnvelopeJson => ({
  version,
  ok: false,
  command: envelope.command,
  error
})

/** Re-stamps the version; everything else passes through unchanged. */
export const restamp = (envelope: EnvelopeJson, version: string): EnvelopeJson => ({ ...envelope, version })

/** Applies `change` to successful data and re-stamps the version; errors pass through. */
export const mapData = (
  envelope: EnvelopeJson,
  version: string,
  change: (data: unknown, command: string) => unknown
): EnvelopeJson => (envelope.ok ? success(envelope, version, change(envelope.data, envelope.command)) : restamp(envelope, version))
