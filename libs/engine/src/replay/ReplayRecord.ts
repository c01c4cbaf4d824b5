/**
 * Recording for replay: what an invocation in a session writes, in its own stream, so that a later `trace replay`
 * needs nothing else — not the snapshot its ref came from (snapshots are pruned after 128 per namespace), not the
 * redacted request. Outside a session nothing is recorded: a replay reads a session's trace.
 *
 * Both builders are plain functions over the synchronous store and never fail: a recording that cannot be made
 * says so (`unknown_refs`) rather than failing the command it describes.
 */
import { parseRef, refKey, valueIsIdentity, type RefEntry } from "@agent-desktop/domain"
import type { EventStoreCore } from "@agent-desktop/store"
import { createHash } from "node:crypto"
import { RECORDED_COMMANDS, REF_ARGS } from "./ReplayCommands.js"
import type { ObservedElement, RecordedTarget, ReplayObservedPayload, ReplayRequestPayload } from "./ReplayEvents.js"
import { secretArgs, secretMarker, secretName } from "./ReplaySecrets.js"

/** Elements of one observed window a recording keeps (a window may print 30,000): a check compares these. */
export const OBSERVED_ELEMENT_LIMIT = 2000

/**
 * The states a check compares: what a person sets or sees change (checked, expanded, a disabled button), not what
 * moves on its own (focus, offscreen, busy).
 */
export const COMPARED_STATES: ReadonlySet<string> = new Set(["disabled", "expanded", "checked", "indeterminate", "pressed", "selected"])

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * The identity a replay finds an element by: not its live handle, and not the digest of a text field's contents
 * (`value_digest`, what a diff compares): contents are no identity, and a digest of typed text would record a hash
 * of what may be a secret.
 */
export const recordedTarget = (ref: string, entry: RefEntry): RecordedTarget => {
  const { handle: _handle, value_digest: _digest, ...identity } = entry
  return { ...identity, ref }
}

const targetOf = (core: EventStoreCore, namespace: string, ref: string): RecordedTarget | undefined => {
  const parsed = parseRef(ref)
  if (parsed._tag === "Invalid") return undefined
  try {
    const entry = core.loadSnapshot(namespace, parsed.ref.snapshotId).refs[refKey(parsed.ref.index)]
    return entry === undefined ? undefined : recordedTarget(ref, entry)
  } catch {
    return undefined
  }
}

/** launch --env keeps the variables' names, never their values (as the journal's redaction does). */
const envNames = (env: unknown): unknown =>
  Array.isArray(env) ? env.map((pair) => typeof pair === "string" ? `${pair.split("=")[0]}=` : null) : null

/** `replay.request` for `command` in `namespace`, or undefined when the command or the namespace records nothing. */
export const replayRequest = (
  core: EventStoreCore,
  namespace: string,
  command: string,
  args: Readonly<Record<string, unknown>>,
  options: { readonly headed?: boolean }
): ReplayRequestPayload | undefined => {
  if (namespace === "global" || !RECORDED_COMMANDS.has(command)) return undefined
  const targets: Record<string, RecordedTarget> = {}
  const unknown: Array<string> = []
  for (const key of REF_ARGS) {
    const ref = args[key]
    if (typeof ref !== "string") continue
    const target = targetOf(core, namespace, ref)
    if (target === undefined) unknown.push(ref)
    else targets[key] = target
  }
  const secrets = new Set(secretArgs(command, args, targets["ref_id"]))
  const kept: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || (REF_ARGS as ReadonlyArray<string>).includes(key) || key === "snapshot") continue
    if (secrets.has(key)) kept[key] = secretMarker(secretName(command, targets["ref_id"]))
    else if (command === "launch" && key === "env") kept[key] = envNames(value)
    else kept[key] = value
  }
  return {
    command,
    args: kept,
    targets,
    ...(unknown.length === 0 ? {} : { unknown_refs: unknown }),
    headed: options.headed === true
  }
}

/** SHA-256 of a value as JSON: a check compares what `get` read without the recording keeping it. */
export const valueDigest = (value: unknown): string => createHash("sha256").update(JSON.stringify(value ?? null)).digest("hex")

/** Roles of a document's root: a web page, an office or text document. */
const DOCUMENT_ROLES: ReadonlySet<string> = new Set(["document", "webarea"])

/** Properties `get` reads that are identity or state, kept as read; text, value and title are content (a digest). */
const PLAIN_PROPERTIES: ReadonlySet<string> = new Set(["role", "states"])

/**
 * The elements of a printed snapshot tree (its `data.tree`), in document order, as a check compares them: the value
 * kept only where it is identity, else its SHA-256.
 */
export const observedElements = (tree: unknown): { elements: Array<ObservedElement>; truncated: boolean } => {
  const elements: Array<ObservedElement> = []
  let truncated = false
  const stack: Array<{ readonly node: unknown; readonly inDocument: boolean }> = [{ node: tree, inDocument: false }]
  while (stack.length > 0) {
    const { node, inDocument: above } = stack.pop()!
    if (!isRecord(node) || typeof node["role"] !== "string") continue
    const inDocument = above || DOCUMENT_ROLES.has(node["role"])
    if (elements.length === OBSERVED_ELEMENT_LIMIT) {
      truncated = true
      break
    }
    const role = node["role"]
    const value = node["value"]
    const all = Array.isArray(node["states"]) ? node["states"].map(String) : []
    const states = all.filter((state) => COMPARED_STATES.has(state))
    // A password field's text is never kept, not even as a digest (a short secret's digest is a dictionary away).
    const secure = all.includes("secure")
    elements.push({
      role,
      ...(typeof node["name"] === "string" ? { name: node["name"] } : {}),
      ...(typeof node["description"] === "string" ? { description: node["description"] } : {}),
      ...(typeof value !== "string" || secure ? {} : valueIsIdentity(role) ? { value } : { value_sha256: valueDigest(value) }),
      ...(states.length === 0 ? {} : { states }),
      ...(inDocument ? { in_document: true as const } : {})
    })
    const children = Array.isArray(node["children"]) ? node["children"] : []
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], inDocument })
  }
  return { elements, truncated }
}

/** `replay.observed` for a successful check command, or undefined when there is nothing a replay can compare. */
export const replayObservation = (
  namespace: string,
  command: string,
  args: Readonly<Record<string, unknown>>,
  data: unknown
): ReplayObservedPayload | undefined => {
  if (namespace === "global" || !isRecord(data)) return undefined
  if (command === "snapshot" && args["root"] === undefined && isRecord(data["window"]) && typeof data["app"] === "string") {
    const { elements, truncated } = observedElements(data["tree"])
    return {
      command,
      app: data["app"],
      window_id: String(data["window"]["id"]),
      window_title: String(data["window"]["title"] ?? ""),
      complete: data["complete"] === true,
      elements,
      ...(truncated ? { truncated: true as const } : {})
    }
  }
  if (command === "get" && typeof data["property"] === "string") {
    const property = data["property"]
    if (property === "bounds") return undefined
    return PLAIN_PROPERTIES.has(property)
      ? { command, property, value: data["value"] }
      : { command, property, value_sha256: valueDigest(data["value"]) }
  }
  if (command === "is" && typeof data["property"] === "string" && typeof data["result"] === "boolean") {
    return { command, property: data["property"], result: data["result"], applicable: data["applicable"] === true }
  }
  return undefined
}
