/**
 * `find --text` and the screen on a window whose tree is usable (the GTK OCR fixture, tools/desktop): with `--ocr
 * always` the runs of words that match are ocr matches beside the tree's, each a ref with its box, within 4 px of
 * the word's true ink box from GTK's own text layout (the fixture's truth file); with `--ocr never` only the tree's.
 */
import { startOcrWindow, stopOcrWindow, type OcrTruth } from "@agent-desktop/desktop"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { linuxEngine } from "../test/linuxEngine.js"
import { useDesktop } from "../test/useDesktop.js"

const desktop = useDesktop({ apps: [], windowManager: "openbox" })
const home = mkdtempSync(join(tmpdir(), "ad-find-ocr-"))
const { ok } = linuxEngine(home)

describe("find --text on the screen beside the tree", () => {
  it("--ocr always adds the matching runs of words as ocr refs, boxes within 4 px of the truth; never adds none", async () => {
    const { truth, app } = await startOcrWindow(desktop(), "find")
    try {
      const always = await ok("find", { app: "ocr-window", text: "weekly reports", ocr: "always" })
      expect(always.sources).toEqual(["atspi", "ocr"])
      const fromScreen = (always.matches as Array<Record<string, any>>).filter((match) => match["source"] === "ocr")
      expect(fromScreen).toHaveLength(1)
      expect(fromScreen[0]).toMatchObject({ role: "statictext", name: "weekly reports", interactive: true, ref_id: expect.stringMatching(/^@/) })
      const words = (truth as OcrTruth).words.filter((word) => word.text === "weekly" || word.text === "reports")
      const left = Math.min(...words.map((w) => w.box.x)) + truth.origin.x
      const right = Math.max(...words.map((w) => w.box.x + w.box.width)) + truth.origin.x
      const box = fromScreen[0]!["bounds"]
      expect(Math.abs(box.x - left)).toBeLessThanOrEqual(4)
      expect(Math.abs(box.x + box.width - right)).toBeLessThanOrEqual(4)
      expect(always.matches.some((match: Record<string, any>) => match["source"] === "atspi" && match["name"] === "Send me weekly reports")).toBe(true)
      const never = await ok("find", { app: "ocr-window", text: "weekly reports", ocr: "never" })
      expect(never.sources).toEqual(["atspi"])
      expect(never.matches.every((match: Record<string, any>) => match["source"] === "atspi")).toBe(true)
    } finally {
      await stopOcrWindow(app)
    }
  }, 120_000)
})
