/**
 * The whole path on a real desktop: a GTK window (tools/desktop's ocr_window.py, which writes the true ink box of
 * every word from GTK's own text layout) on Xvfb, captured through the X11 addon's raw scanlines, recognised with
 * the default settings. At least 95 in 100 words must be found with boxes within 4 px, for the usual 10 pt UI font
 * and for a dark theme at 9 pt; a found caption's box lies on its true words, and re-reading it from a fresh
 * capture finds it in place.
 */
import { startDesktop, startOcrWindow, stopOcrWindow, type OcrTruth, type RunningDesktop } from "@agent-desktop/desktop"
import { loadAddon, type X11Addon } from "@agent-desktop/platform-linux-x11"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { accuracy } from "./Accuracy.js"
import { OcrEngines } from "./OcrEngines.js"
import { scanlineImage } from "./OcrImage.js"
import { reread } from "./Reread.js"
import { findText } from "./TextSearch.js"

let desktop: RunningDesktop
let x11: X11Addon
let savedAuthority: string | undefined
const engines = new OcrEngines()

const capture = (truth: OcrTruth) => scanlineImage(x11.captureRoot(truth.origin.x, truth.origin.y, truth.size.width, truth.size.height))

describe("OCR of a GTK window captured from the X server", () => {
  beforeAll(async () => {
    desktop = await startDesktop({ apps: [] })
    const load = loadAddon()
    if (load._tag !== "Loaded") throw new Error(load.reason)
    x11 = load.addon
    // The addon opens the display in this process: Xlib reads the private desktop's cookie file from XAUTHORITY.
    savedAuthority = process.env["XAUTHORITY"]
    process.env["XAUTHORITY"] = desktop.env.XAUTHORITY
    x11.open(desktop.env.DISPLAY)
  }, 60_000)
  afterAll(async () => {
    await engines.close()
    x11?.close()
    await desktop?.stop()
    if (savedAuthority === undefined) delete process.env["XAUTHORITY"]
    else process.env["XAUTHORITY"] = savedAuthority
  })

  it.each([
    ["10 pt, light", { fontSize: 10 }],
    ["9 pt, dark", { fontSize: 9, dark: true }]
  ])("%s: at least 95 in 100 words found, boxes within 4 px", async (name, options) => {
    const { app, truth } = await startOcrWindow(desktop, name.replace(/\W+/g, "-"), options)
    try {
      expect(truth.size).toEqual({ width: 800, height: 600 })
      expect(truth.words.length).toBeGreaterThan(70)
      const result = await engines.recognize(capture(truth))
      const score = accuracy(truth.words, result)
      expect(score.recall, JSON.stringify(score.missed)).toBeGreaterThanOrEqual(0.95)
      expect(score.offBox).toEqual([])
    } finally {
      await stopOcrWindow(app)
    }
  })

  it("a caption found by text sits on its true words, and a re-read from a new capture finds it in place", async () => {
    const { app, truth } = await startOcrWindow(desktop, "find")
    try {
      const result = await engines.recognize(capture(truth))
      const [match, ...others] = findText(result, { text: "Reset password" })
      expect(others).toEqual([])
      const reset = truth.words.find((w) => w.text === "Reset")!.box
      const password = truth.words.find((w) => w.text === "password" && Math.abs(w.box.y - reset.y) < 4)!.box
      expect(Math.abs(match!.box.x - reset.x)).toBeLessThanOrEqual(4)
      expect(Math.abs(match!.box.x + match!.box.width - (password.x + password.width))).toBeLessThanOrEqual(4)
      const again = await reread(engines, capture(truth), match!)
      expect(again).toMatchObject({ status: "found", offset: { dx: 0, dy: 0 } })
    } finally {
      await stopOcrWindow(app)
    }
  })
})
