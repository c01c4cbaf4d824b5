/**
 * The agent profile of a tool result: the envelope an agent needs to act, still valid in its contract version (only
 * fields the contract makes optional are left out, so a host or client validating against the contract keeps
 * working; the test projects every valid fixture of every version and validates it strictly).
 *
 * Left out, anywhere in `data` (a batch's entries included):
 * - `native_id`: a toolkit address (an AT-SPI object path), not an identity; refs are what actions take;
 * - `ScrollTo` and `SetFocus` from `available_actions`: nearly every element has them, so they tell nothing (the
 *   `scroll_to` and `focus` tools still take any ref, and say so when an element cannot); `Check` and `Uncheck`
 *   beside `Toggle`: the `toggle` tool's state choice, which any toggleable element takes;
 * - `steps` beside a `disposition`: the delivery log; the disposition says what was delivered, the trace keeps it;
 * - a `post_state`'s `enabled: true`, `hidden: false`, `offscreen: false`: the values an element has unless its
 *   states say otherwise;
 * - a snapshot diff's `window`: a diff compares one window with its own earlier snapshot (`since`), whose window the
 *   agent was shown (a whole snapshot keeps it: it may be a window the agent has not seen).
 *
 * Errors pass whole: their details are what an agent reads to recover.
 */

type Json = null | boolean | number | string | ReadonlyArray<Json> | { readonly [key: string]: Json }
type JsonObject = { readonly [key: string]: Json }

const UNINFORMATIVE_ACTIONS: ReadonlySet<string> = new Set(["ScrollTo", "SetFocus"])

const IMPLIED_BY_TOGGLE: ReadonlySet<string> = new Set(["Check", "Uncheck"])

const POST_STATE_DEFAULTS: Readonly<Record<string, boolean>> = { enabled: true, hidden: false, offscreen: false }

const isObject = (value: Json): value is JsonObject => value !== null && typeof value === "object" && !Array.isArray(value)

/** Snapshot data printed as a diff (not whole): its window is its base's. */
const isDiff = (object: JsonObject): boolean => {
  const diff = object["diff"]
  return diff !== undefined && isObject(diff) && typeof diff["since"] === "string" && diff["whole"] !== true && "snapshot_id" in object
}

const projectObject = (object: JsonObject): JsonObject => {
  const out: Record<string, Json> = {}
  const diffed = isDiff(object)
  for (const [key, value] of Object.entries(object)) {
    if (key === "native_id") continue
    if (key === "window" && diffed) continue
    if (key === "steps" && "disposition" in object) continue
    if (key === "available_actions" && Array.isArray(value)) {
      const toggles = value.includes("Toggle")
      const kept = value.filter((action) =>
        typeof action !== "string" || !UNINFORMATIVE_ACTIONS.has(action) && !(toggles && IMPLIED_BY_TOGGLE.has(action)))
      if (kept.length > 0) out[key] = kept
      continue
    }
    if (key === "post_state" && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).filter(([field, fieldValue]) => POST_STATE_DEFAULTS[field] !== fieldValue))
      continue
    }
    out[key] = project(value)
  }
  return out
}

const project = (value: Json): Json =>
  Array.isArray(value) ? value.map(project) : isObject(value) ? projectObject(value) : value

/** The envelope in the agent profile; an error envelope is returned as it is. */
export const agentProfile = <E extends Readonly<Record<string, unknown>>>(envelope: E): E =>
  envelope["ok"] !== true || envelope["data"] === undefined
    ? envelope
    : { ...envelope, data: project(envelope["data"] as Json) }
