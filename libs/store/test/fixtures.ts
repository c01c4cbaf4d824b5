import type { RefEntry } from "@agent-desktop/domain"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import type { SnapshotInput } from "../src/StoreTypes.js"

export const tempHome = (): string => fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "ad-store-")))

export const removeHome = (home: string): void => fs.rmSync(home, { recursive: true, force: true })

export const entry = (name: string, pathIndexes: ReadonlyArray<number>): RefEntry => ({
  pid: 4242,
  role: "button",
  name,
  bounds_hash: "none",
  available_actions: ["Click"],
  source_app: "fixture",
  source_window_id: "w-1",
  path: [...pathIndexes],
  handle: `:1.5/org/a11y/atspi/accessible/${pathIndexes.join("_")}`,
  unique_at_capture: true
})

export const snapshot = (snapshotId: string, refs: Record<string, RefEntry> = { "@e1": entry("OK", [0]) }): SnapshotInput => ({
  snapshot_id: snapshotId,
  app: "fixture",
  window: { id: "w-1", title: "Fixture" },
  refs,
  counter: Object.keys(refs).length,
  complete: true,
  identity_unproven: false
})
