/**
 * The compiled addon (`build/Release/agent_desktop_ocr.node`, see `native/ocr.c`), loaded on first use. A machine
 * where it was not built, or where libtesseract is not installed, gets the reason and the Debian packages that
 * would fix it (from `build/addon-status.json` or the loader's error) instead of a crash.
 */
import { existsSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import * as path from "node:path"

/** An initialised TessBaseAPI, owned by the addon; opaque to JavaScript. */
export type EngineHandle = { readonly __brand: "OcrEngineHandle" }

export interface RawWord {
  readonly text: string
  readonly confidence: number
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
  readonly line: number
  readonly paragraph: number
  readonly block: number
}

export interface RawLine {
  readonly confidence: number
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
  readonly baseline: number
  readonly paragraph: number
  readonly block: number
  readonly first_word: number
  readonly word_count: number
}

export interface RawRecognition {
  readonly width: number
  readonly height: number
  readonly words: ReadonlyArray<RawWord>
  readonly lines: ReadonlyArray<RawLine>
  readonly prepare_ms: number
  readonly recognize_ms: number
}

/** 0: an encoded image (PNG, ...); otherwise raw pixels: 1 gray, 3 RGB, 4 RGBA (or RGBX), 5 BGRA (or BGRX). */
export type RawFormat = 0 | 1 | 3 | 4 | 5

export interface RawImageArg {
  readonly format: RawFormat
  readonly data: Buffer
  readonly width?: number
  readonly height?: number
  readonly stride?: number
}

export interface RawOptionsArg {
  readonly x?: number
  readonly y?: number
  readonly width?: number
  readonly height?: number
  readonly scale?: number
  readonly psm?: number
  readonly dpi?: number
  readonly border?: number
}

/** The addon's functions. Errors carry `code`: OCR_INIT_FAILED, OCR_BAD_IMAGE, OCR_BAD_REGION, OCR_ENGINE_ENDED, OCR_FAILED. */
export interface OcrAddon {
  readonly createEngine: (lang: string, datapath: string | null, variables?: Readonly<Record<string, string>>) => Promise<{ engine: EngineHandle; init_ms: number }>
  readonly recognize: (engine: EngineHandle, image: RawImageArg, options: RawOptionsArg) => Promise<RawRecognition>
  readonly endEngine: (engine: EngineHandle) => void
  readonly version: () => { tesseract: string; leptonica: string }
}

export type AddonLoad =
  | { readonly _tag: "Loaded"; readonly addon: OcrAddon }
  | { readonly _tag: "Unavailable"; readonly reason: string; readonly missing: ReadonlyArray<string> }

/** What a Debian machine needs to build and run the addon with English. */
export const DEBIAN_PACKAGES = ["build-essential", "libtesseract-dev", "libleptonica-dev", "tesseract-ocr", "tesseract-ocr-eng"] as const

export const packageRoot = (): string => {
  // Resolved through the package name so it also works from a single-file bundle.
  const require = createRequire(import.meta.url)
  return path.dirname(require.resolve("@agent-desktop/ocr/package.json"))
}

let loaded: AddonLoad | undefined

export const loadOcrAddon = (): AddonLoad => {
  if (loaded !== undefined) return loaded
  let root: string
  try {
    root = packageRoot()
  } catch (error) {
    return (loaded = { _tag: "Unavailable", reason: `the OCR package is not installed: ${String(error)}`, missing: [] })
  }
  loaded = loadFrom(root)
  return loaded
}

/** Load the addon built under `root` (the package directory), or say why it cannot be. */
export const loadFrom = (root: string): AddonLoad => {
  const binary = path.join(root, "build", "Release", "agent_desktop_ocr.node")
  if (!existsSync(binary)) {
    const status = readStatus(path.join(root, "build", "addon-status.json"))
    const missing = status?.missing ?? []
    const why = status?.reason ?? "it was never built"
    return {
      _tag: "Unavailable",
      reason: `the OCR addon is not built (${why}); install ${
        missing.length > 0 ? missing.join(" ") : DEBIAN_PACKAGES.join(" ")
      } and run npm rebuild @agent-desktop/ocr`,
      missing
    }
  }
  // Debian's libtesseract runs parts of its work on OpenMP threads (libgomp), whose limit is read from the
  // environment once, when the library loads. Measured on 2 busy cores (README): one thread costs a third of the
  // CPU time and is 2x faster in wall time, because the extra threads spin while they compete with the app being
  // read. So the limit is 1 unless the user set OMP_THREAD_LIMIT; it is put back at once so that processes this
  // one starts (apps launched by the CLI) inherit the user's environment, not ours.
  const userLimit = process.env["OMP_THREAD_LIMIT"]
  if (userLimit === undefined) process.env["OMP_THREAD_LIMIT"] = "1"
  try {
    return { _tag: "Loaded", addon: createRequire(import.meta.url)(binary) as OcrAddon }
  } catch (error) {
    const message = (error as Error).message
    // The addon links libtesseract.so.5 and liblept.so.5 dynamically: removing tesseract-ocr's library after the
    // build shows up here as the dynamic loader's message.
    const library = /lib(tesseract|lept\w*)\.so[.\d]*: cannot open shared object file/.exec(message)
    if (library !== null) {
      const pkg = library[1] === "tesseract" ? "libtesseract5" : "liblept5"
      return {
        _tag: "Unavailable",
        reason: `the OCR addon cannot load: ${library[0]} (install tesseract-ocr, which brings ${pkg})`,
        missing: ["tesseract-ocr"]
      }
    }
    return { _tag: "Unavailable", reason: `the OCR addon failed to load: ${message}`, missing: [] }
  } finally {
    if (userLimit === undefined) delete process.env["OMP_THREAD_LIMIT"]
  }
}

const readStatus = (file: string): { missing?: ReadonlyArray<string>; reason?: string } | undefined => {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as { missing?: ReadonlyArray<string>; reason?: string }
  } catch {
    return undefined
  }
}
