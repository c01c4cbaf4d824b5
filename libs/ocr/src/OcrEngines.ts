/**
 * Warm Tesseract engines, one per language list, created on first use and kept until `close()`. Initialising an
 * engine loads its model (measured in the README: a few hundred ms for `eng`, more under load), so a long-lived
 * process (the warm host, the MCP server, wave) pays it once; a one-shot CLI pays it on its first recognition.
 *
 * Sharing: a TessBaseAPI is not safe to use from two threads at once, so each engine runs one recognition at a
 * time; callers of the same language queue here, in order (the addon also holds a per-engine mutex, a second
 * guard). Different languages run in parallel on libuv's pool. The event loop never waits: initialisation and
 * recognition (decoding, gray conversion, scaling included) run on a pool thread.
 */
import { loadOcrAddon, type EngineHandle, type OcrAddon, type RawFormat } from "./Addon.js"
import { checkRawImage, checkRegion, type OcrImage } from "./OcrImage.js"
import { OcrError } from "./OcrError.js"
import { PSM, resolveOptions, type RecognizeOptions } from "./OcrOptions.js"
import { toRecognition, type Recognition } from "./Recognition.js"
import { languageParts, missingLanguagePackages, tessdataDir } from "./Tessdata.js"

interface Engine {
  readonly handle: EngineHandle
  readonly initMs: number
  /** The last queued job; the next one starts when it settles. */
  tail: Promise<unknown>
}

/** Tesseract parameters for screen text (see the README's measurements). */
export const ENGINE_VARIABLES: Readonly<Record<string, string>> = {}

const FORMATS: Readonly<Record<string, RawFormat>> = { gray: 1, rgb: 3, rgba: 4, bgra: 5 }

export interface EngineStats {
  readonly language: string
  readonly initMs: number
  readonly recognitions: number
}

export class OcrEngines {
  private readonly engines = new Map<string, Promise<Engine>>()
  private readonly counts = new Map<string, number>()
  private readonly initTimes = new Map<string, number>()
  private closed = false
  private addon: OcrAddon | undefined

  /**
   * `datapath`: a tessdata directory; default TESSDATA_PREFIX, else Debian's. `variables`: Tesseract parameters set
   * when each engine initialises (default `ENGINE_VARIABLES`). `load` is for tests of absence.
   */
  constructor(
    private readonly options: {
      readonly datapath?: string
      readonly variables?: Readonly<Record<string, string>>
      readonly load?: typeof loadOcrAddon
    } = {}
  ) {}

  /** The engine for `language`, initialised now if it was not; resolves with its initialisation time. */
  async warm(language = "eng"): Promise<{ readonly initMs: number }> {
    const engine = await this.engine(language)
    return { initMs: engine.initMs }
  }

  async recognize(image: OcrImage, options: RecognizeOptions = {}): Promise<Recognition> {
    const settings = resolveOptions(options)
    if (settings instanceof OcrError) throw settings
    if (image.kind === "raw") {
      const wrong = checkRawImage(image)
      if (wrong !== undefined) throw wrong
    } else if (!(image.data instanceof Uint8Array) || image.data.byteLength === 0) {
      throw new OcrError({ kind: "invalid_image", message: "an encoded image needs its bytes" })
    }
    if (settings.region !== undefined) {
      const wrong = checkRegion(settings.region, image.kind === "raw" ? image : undefined)
      if (wrong !== undefined) throw wrong
    }
    const engine = await this.engine(settings.language)
    const data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength)
    const arg =
      image.kind === "raw"
        ? { format: FORMATS[image.format]!, data, width: image.width, height: image.height, stride: image.stride ?? image.width * (image.format === "gray" ? 1 : image.format === "rgb" ? 3 : 4) }
        : { format: 0 as const, data }
    const queued = performance.now()
    const run = async () => {
      const started = performance.now()
      const raw = await this.addonOrThrow().recognize(engine.handle, arg, {
        ...(settings.region ?? {}),
        scale: settings.scale,
        psm: PSM[settings.segmentation],
        dpi: settings.dpi,
        border: settings.border
      })
      return toRecognition(raw, settings, started - queued)
    }
    const job = engine.tail.then(run, run)
    engine.tail = job.catch(() => undefined)
    this.counts.set(settings.language, (this.counts.get(settings.language) ?? 0) + 1)
    try {
      return await job
    } catch (error) {
      throw toOcrError(error)
    }
  }

  stats(): ReadonlyArray<EngineStats> {
    return [...this.counts.entries()].map(([language, recognitions]) => ({ language, recognitions, initMs: this.initTimes.get(language) ?? 0 }))
  }

  /** Frees every engine (a job in flight finishes first); later calls fail with `engine_closed`. */
  async close(): Promise<void> {
    this.closed = true
    const engines = [...this.engines.values()]
    this.engines.clear()
    for (const pending of engines) {
      const engine = await pending.catch(() => undefined)
      if (engine === undefined) continue
      await engine.tail
      this.addon?.endEngine(engine.handle)
    }
  }

  private addonOrThrow(): OcrAddon {
    if (this.addon !== undefined) return this.addon
    const load = (this.options.load ?? loadOcrAddon)()
    if (load._tag === "Unavailable") throw new OcrError({ kind: "unavailable", message: load.reason, missing: load.missing })
    this.addon = load.addon
    return this.addon
  }

  private engine(language: string): Promise<Engine> {
    if (this.closed) return Promise.reject(new OcrError({ kind: "engine_closed", message: "the OCR engines were closed" }))
    const existing = this.engines.get(language)
    if (existing !== undefined) return existing
    const created = this.create(language)
    this.engines.set(language, created)
    // A failed initialisation is not cached: installing the language package and retrying works in a warm host.
    created.catch(() => this.engines.delete(language))
    return created
  }

  private async create(language: string): Promise<Engine> {
    const addon = this.addonOrThrow()
    if (languageParts(language) === undefined) {
      throw new OcrError({ kind: "invalid_options", message: `language must be Tesseract model names joined by '+', e.g. eng or eng+deu (got ${JSON.stringify(language)})` })
    }
    const dir = tessdataDir(this.options.datapath)
    const missing = missingLanguagePackages(language, dir)
    if (missing.length > 0) {
      throw new OcrError({
        kind: "language_unavailable",
        message: `no Tesseract model for ${language} in ${dir ?? "any tessdata directory (TESSDATA_PREFIX is not set)"}; install ${missing.join(" ")}`,
        missing
      })
    }
    try {
      const { engine, init_ms } = await addon.createEngine(language, dir ?? null, this.options.variables ?? ENGINE_VARIABLES)
      this.initTimes.set(language, init_ms)
      return { handle: engine, initMs: init_ms, tail: Promise.resolve() }
    } catch (error) {
      throw toOcrError(error)
    }
  }
}

const toOcrError = (error: unknown): OcrError => {
  if (error instanceof OcrError) return error
  const code = (error as { code?: string })?.code
  const message = (error as Error)?.message ?? String(error)
  switch (code) {
    case "OCR_BAD_IMAGE":
      return new OcrError({ kind: "invalid_image", message })
    case "OCR_BAD_REGION":
      return new OcrError({ kind: "invalid_region", message })
    case "OCR_BAD_ARGUMENT":
      return new OcrError({ kind: "invalid_options", message })
    case "OCR_ENGINE_ENDED":
      return new OcrError({ kind: "engine_closed", message })
    case "OCR_INIT_FAILED":
      return new OcrError({ kind: "language_unavailable", message })
    default:
      return new OcrError({ kind: "failed", message })
  }
}
