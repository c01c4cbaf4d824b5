import { isRecord, isSnapshotData, mapData, restamp, without, type JsonRecord } from "../EnvelopeJson.js"
import type { VersionStep } from "../VersionStep.js"

const NODE_KEYS = ["source", "confidence"]

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
  down: (envelope) =>
    mapData(envelope, "2.6", (data, command) =>
      isSnapshotData(data, command)
        ? "tree" in data ? { ...without(data, ["accessibility"]), tree: nodeV2_6(data["tree"]) } : without(data, ["accessibility"])
        : command === "find" && isRecord(data)
        ? findV2_6(data)
        : command === "list-windows" && Array.isArray(data)
        ? data.map((window) => isRecord(window) ? without(window, ["accessibility"]) : window)
        : command === "list-apps" && isRecord(data) && Array.isArray(data["apps"])
        ? { ...data, apps: data["apps"].map((app: unknown) => isRecord(app) ? without(app, ["accessibility"]) : app) }
        : data)
}
