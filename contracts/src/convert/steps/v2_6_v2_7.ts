import { failure, isRecord, isSnapshotData, mapData, restamp, without, type EnvelopeJson, type JsonRecord } from "../EnvelopeJson.js"
import type { VersionStep } from "../VersionStep.js"

const NODE_KEYS = ["source", "confidence"]
/** What a 2.7 wait's event (a watch's event) has beyond 2.6's: the surface's kind and the window's snapshot. */
const WATCH_EVENT_KEYS = ["surface", "snapshot"]

/** A 2.7 node and its subtree without the 2.7 node fields. */
const nodeV2_6 = (node: unknown): unknown => {
  if (!isRecord(node)) return node
  const out = without(node, NODE_KEYS)
  return Array.isArray(node["children"]) ? { ...out, children: node["children"].map(nodeV2_6) } : out
}

const matchV2_6 = (match: unknown): unknown => (isRecord(match) ? without(match, NODE_KEYS) : match)

/** Before 2.7 every node was read from the platform's accessibility tree (on Linux, AT-SPI). */
const UP_SOURCE = "atspi"

const withSource = (record: unknown): unknown => (isRecord(record) ? { ...record, source: UP_SOURCE } : record)

const findV2_7 = (data: JsonRecord): JsonRecord =>
  Array.isArray(data["matches"])
    ? { ...data, matches: data["matches"].map(withSource) }
    : isRecord(data["match"]) ? { ...data, match: withSource(data["match"]) } : data

const findV2_6 = (data: JsonRecord): JsonRecord => {
  const out = without(data, ["sources"])
  if (Array.isArray(data["matches"])) return { ...out, matches: data["matches"].map(matchV2_6) }
  if ("match" in data) return { ...out, match: data["match"] === null ? null : matchV2_6(data["match"]) }
  return out
}

const DELIVERIES = ["not_delivered", "unknown", "delivery_uncertain", "delivered_unverified", "delivered_verified"]
const RETRY: Readonly<Record<string, string>> = {
  not_delivered: "safe",
  unknown: "unknown",
  delivery_uncertain: "unsafe",
  delivered_unverified: "unsafe",
  delivered_verified: "unsafe"
}

/**
 * `trace replay` and `trace export --as batch` results have no 2.6 shape. A consumer pinned to 2.6 learns what
 * happened from an error it can read: what the replay delivered (its disposition), its session, the written file.
 */
const traceV2_6 = (envelope: EnvelopeJson, data: JsonRecord): EnvelopeJson | undefined => {
  const replay = typeof data["replay_session_id"] === "string"
  const batch = data["format"] === "batch"
  if (!replay && !batch) return undefined
  const delivery = replay && typeof data["delivery"] === "string" && DELIVERIES.includes(data["delivery"]) ? data["delivery"] : "not_delivered"
  return failure(envelope, "2.6", {
    code: "INVALID_ARGS",
    message: replay
      ? `trace replay ran (${delivery}); contract 2.6 has no shape for its result, which session ${String(data["replay_session_id"])} records`
      : `trace export --as batch wrote ${String(data["path"])}; contract 2.6 has no shape for its result`,
    suggestion: "Pin contract 2.7 or later (--contract 2.7) to read this result",
    disposition: { delivery, retry: RETRY[delivery] },
    details: {
      kind: "needs_contract",
      contract: "2.7",
      ...(replay ? { replay_session_id: data["replay_session_id"] } : { path: data["path"] })
    }
  })
}

/**
 * 2.7 is additive (node sources, OCR nodes' confidence, find's sources). Up names the only source older versions
 * had (the accessibility tree) on the tree's root and every find match; down drops `source` and `confidence` from
 * every snapshot node and find match, find's `sources`, and the `accessibility` marker of snapshots, listed windows and
 * listed apps, which 2.6's closed schemas reject. Nodes of every source
 * stay: an `ocr` or `cdp` node is a 2.6 node without them (an OCR node keeps its bounds, a 2.6 field).
 */
export const v2_6_v2_7: VersionStep = {
  from: "2.6",
  to: "2.7",
  up: (envelope) =>
    mapData(envelope, "2.7", (data, command) =>
      isSnapshotData(data, command)
        ? isRecord(data["tree"]) ? { ...data, tree: withSource(data["tree"]) } : data
        : command === "find" && isRecord(data)
        ? findV2_7(data)
        : data),
  down: (envelope) => {
    const unprintable = withoutShapeIn2_6(envelope)
    if (unprintable !== undefined) return failure(envelope, "2.6", unprintable)
    return (envelope.ok && envelope.command === "trace" && isRecord(envelope.data) ? traceV2_6(envelope, envelope.data) : undefined) ??
      mapData(envelope, "2.6", (data, command) =>
      isSnapshotData(data, command)
        ? snapshotV2_6(data)
        : command === "find" && isRecord(data)
        ? findV2_6(data)
        : command === "list-windows" && Array.isArray(data)
        ? data.map((window) => isRecord(window) ? without(window, ["accessibility"]) : window)
        : command === "launch" && isRecord(data)
        ? launchV2_6(data)
        : command === "wait" && isRecord(data) && isRecord(data["event"])
        ? { ...data, event: without(data["event"], WATCH_EVENT_KEYS) }
        : command === "list-apps" && isRecord(data) && Array.isArray(data["apps"])
        ? { ...data, apps: data["apps"].map((app: unknown) => isRecord(app) ? without(app, ["accessibility"]) : app) }
        : data)
  }
}

/**
 * A launch in 2.6: its window without the tree marker; its endpoint without `protocol`, and none at all when it is
 * Firefox's WebDriver BiDi, which a 2.6 reader would take for a DevTools endpoint.
 */
const launchV2_6 = (data: JsonRecord): JsonRecord => {
  const windowed = isRecord(data["window"]) ? { ...data, window: without(data["window"], ["accessibility"]) } : data
  const endpoint = windowed["cdp"]
  if (!isRecord(endpoint)) return windowed
  if (endpoint["protocol"] === "webdriver-bidi") return without(windowed, ["cdp"])
  return { ...windowed, cdp: without(endpoint, ["protocol"]) }
}

const snapshotV2_6 = (data: JsonRecord): JsonRecord => {
  // Only a whole diff reaches here (withoutShapeIn2_6 refuses the others): its tree is the snapshot.
  const out = without(data, ["diff", "accessibility"])
  return "tree" in out ? { ...out, tree: nodeV2_6(out["tree"]) } : out
}

/**
 * 2.7 answers 2.6 has no shape for: a snapshot diff (no tree), a watch, `wait --event changed` (or a wait that saw
 * events dropped). The command ran (a
 * diff's snapshot is saved; a watch watched); what it found cannot be printed in the pinned version, so it is an
 * INVALID_ARGS that says which version can (nothing was sent to any app: retry is safe).
 */
const withoutShapeIn2_6 = (envelope: EnvelopeJson): JsonRecord | undefined => {
  if (!envelope.ok || !isRecord(envelope.data)) return undefined
  const data = envelope.data
  const what = envelope.command === "watch"
    ? "watch"
    : envelope.command === "snapshot" && isRecord(data["diff"]) && data["diff"]["whole"] !== true
    ? "snapshot --diff"
    : envelope.command === "wait" && isRecord(data["event"]) && (data["event"]["kind"] === "changed" || data["event"]["kind"] === "events-dropped")
    ? `wait --event ${String(data["event"]["kind"])}`
    : undefined
  if (what === undefined) return undefined
  return {
    code: "INVALID_ARGS",
    message: `${what} answers in contract 2.7 or later; this answer was asked for in an older one`,
    suggestion: "Pin contract 2.7 or later (--contract or AGENT_DESKTOP_CONTRACT), or take a whole snapshot instead",
    disposition: { delivery: "not_delivered", retry: "safe" },
    details: { kind: "contract_too_old", needs: "2.7", retryable: false }
  }
}
