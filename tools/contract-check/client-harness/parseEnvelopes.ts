// Parses agent-desktop envelopes with quicktype's TypeScript output (`Convert`, which checks every value against the
// types as it reads). The test compiles this file beside the generated agentDesktop.ts and runs it with an NDJSON
// file of envelopes: each envelope goes through its command's `Convert.to<Command>Envelope` (`toErrorEnvelope` for a
// failure) and each error body through its code's `Convert.to<Code>ErrorBody`; what the types write back must be found
// in the input, and a corrupted copy (data not an object, a body of another code) must be refused. Prints a JSON
// summary; exit 0 when every envelope parsed.
import * as fs from "node:fs"
import { Convert } from "./agentDesktop.js"

type Json = null | boolean | number | string | ReadonlyArray<Json> | { readonly [key: string]: Json }

const converters = Convert as unknown as Record<string, ((json: string) => unknown) | undefined>
const writers = Convert as unknown as Record<string, ((value: unknown) => string) | undefined>

const pascal = (name: string, separator: string) =>
  name.split(separator).map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase()).join("")
const camel = (name: string) => name.charAt(0).toLowerCase() + name.slice(1)

/** The first path where `written` holds a value the original does not ("" when nothing was invented). */
const inventedAt = (written: Json | undefined, original: Json | undefined, at = "$"): string => {
  if (written === null || written === undefined) return ""
  if (Array.isArray(written)) {
    if (!Array.isArray(original) || original.length !== written.length) return at
    for (const [index, value] of written.entries()) {
      const found = inventedAt(value, (original as ReadonlyArray<Json>)[index], `${at}[${index}]`)
      if (found !== "") return found
    }
    return ""
  }
  if (typeof written === "object") {
    if (typeof original !== "object" || original === null || Array.isArray(original)) return at
    for (const [key, value] of Object.entries(written)) {
      const found = inventedAt(value, (original as Record<string, Json>)[key], `${at}.${key}`)
      if (found !== "") return found
    }
    return ""
  }
  return written === original ? "" : at
}

const refuses = (convert: (json: string) => unknown, value: unknown) => {
  try {
    convert(JSON.stringify(value))
    return false
  } catch {
    return true
  }
}

/** Reads `json` as type `name` and writes it back; the problems found. */
const roundTrip = (name: string, json: string, original: Json): Array<string> => {
  const convert = converters[`to${name}`]
  const write = writers[`${camel(name)}ToJson`]
  if (convert === undefined || write === undefined) return [`no type ${name}`]
  const written = JSON.parse(write(convert(json))) as Json
  const invented = inventedAt(written, original)
  return invented === "" ? [] : [`${name} wrote back what the input does not hold at ${invented}`]
}

const problems = (line: string): Array<string> => {
  const envelope = JSON.parse(line) as { ok: boolean; command: string; data?: Json; error?: { code: string; recovery?: { retry_after_ms?: number } } & Record<string, Json> }
  const name = envelope.ok ? `${pascal(envelope.command, "-")}Envelope` : "ErrorEnvelope"
  const found = roundTrip(name, line, JSON.parse(line) as Json)
  const convert = converters[`to${name}`]!
  if (!refuses(convert, { ...envelope, [envelope.ok ? "data" : "error"]: "not an object" })) found.push(`${name} accepted a corrupted envelope`)
  if (envelope.ok && envelope.command === "snapshot") {
    // Typed access: this compiles only if SnapshotEnvelope's data has a string snapshot_id.
    const snapshotId: string = Convert.toSnapshotEnvelope(line).data.snapshot_id
    if (snapshotId !== (envelope.data as { snapshot_id: string }).snapshot_id) found.push("snapshot_id was not read")
  }
  if (envelope.error !== undefined) {
    const body = `${pascal(envelope.error.code, "_")}ErrorBody`
    found.push(...roundTrip(body, JSON.stringify(envelope.error), envelope.error as Json))
    const other = envelope.error.code === "INTERNAL" ? "TIMEOUT" : "INTERNAL"
    if (converters[`to${body}`] !== undefined && !refuses(converters[`to${body}`]!, { ...envelope.error, code: other })) found.push(`${body} accepted code ${other}`)
    if (envelope.error.code === "TIMEOUT") {
      const delay: number | undefined = Convert.toTimeoutErrorBody(JSON.stringify(envelope.error)).recovery?.retry_after_ms
      if (delay !== envelope.error.recovery?.retry_after_ms) found.push("retry_after_ms was not read")
    }
  }
  return found
}

const lines = fs.readFileSync(process.argv[2]!, "utf8").split("\n").filter((line) => line.trim() !== "")
const failures = lines.flatMap((line, index) => {
  let found: Array<string>
  try {
    found = problems(line)
  } catch (cause) {
    found = [String(cause)]
  }
  return found.length === 0 ? [] : [{ line: index + 1, error: found.join("; ") }]
})
process.stdout.write(`${JSON.stringify({ parsed: lines.length - failures.length, failures })}\n`)
process.exitCode = failures.length === 0 ? 0 : 1
