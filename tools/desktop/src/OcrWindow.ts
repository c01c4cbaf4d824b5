/**
 * The OCR fixture (`fixtures/ocr_window.py`): an 800x600 GTK window of UI text that writes the true ink box of every
 * word it shows (from GTK's own text layout). Used by the OCR tests and the OCR bench.
 */
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { fixturePath, systemPython, type AppSpec } from "./AppSpec.js"
import type { RunningApp, RunningDesktop } from "./startDesktop.js"

export interface OcrWindowOptions {
  /** Points at 96 dpi; default 10 (13.3 px, GTK's usual UI size). */
  readonly fontSize?: number
  readonly font?: string
  readonly dark?: boolean
}

export interface OcrTruthWord {
  readonly text: string
  /** Index of the word's label's line (wrapped labels have several). */
  readonly line: number
  readonly label: number
  /** Ink box in client-area pixels. */
  readonly box: { readonly x: number; readonly y: number; readonly width: number; readonly height: number }
}

export interface OcrTruth {
  /** The client area's top-left on the root window. */
  readonly origin: { readonly x: number; readonly y: number }
  readonly size: { readonly width: number; readonly height: number }
  readonly xid: number
  readonly words: ReadonlyArray<OcrTruthWord>
}

export const ocrWindowApp = (truthPath: string, options: OcrWindowOptions = {}): AppSpec => ({
  name: "ocr-window",
  argv: [
    systemPython,
    fixturePath("ocr_window.py"),
    "--truth",
    truthPath,
    "--font-size",
    String(options.fontSize ?? 10),
    ...(options.font !== undefined ? ["--font", options.font] : []),
    ...(options.dark === true ? ["--dark"] : [])
  ]
})

/** Starts the window on `desktop` and waits for its truth file (written once the window has been drawn). */
export const startOcrWindow = async (
  desktop: RunningDesktop,
  name: string,
  options: OcrWindowOptions = {},
  timeoutMs = 30_000
): Promise<{ readonly app: RunningApp; readonly truth: OcrTruth }> => {
  const truthPath = join(desktop.stateDir, `ocr-truth-${name}.json`)
  const app = await desktop.launch(ocrWindowApp(truthPath, options), timeoutMs)
  const deadline = Date.now() + timeoutMs
  while (!existsSync(truthPath)) {
    if (Date.now() > deadline) throw new Error(`the OCR window wrote no truth file ${truthPath} (log: ${app.logPath})`)
    await sleep(50)
  }
  return { app, truth: JSON.parse(readFileSync(truthPath, "utf8")) as OcrTruth }
}

/** Stops a window started here (by its PID, which this process started) and waits until it is gone. */
export const stopOcrWindow = async (app: RunningApp): Promise<void> => {
  try {
    process.kill(app.pid, "SIGTERM")
  } catch {
    return
  }
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(app.pid, 0)
    } catch {
      return
    }
    await sleep(20)
  }
}
