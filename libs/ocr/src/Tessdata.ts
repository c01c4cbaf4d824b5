/**
 * Where Tesseract's models are and which Debian package brings a missing one. Checked before an engine is created,
 * so a missing language is a precise error (`tesseract-ocr-deu`) rather than Tesseract's generic init failure.
 */
import { existsSync } from "node:fs"
import * as path from "node:path"

/** Debian 12 (tesseract 5) first, then older and other layouts. */
const CANDIDATES = ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata", "/usr/share/tessdata", "/usr/local/share/tessdata"]

/** The directory holding `<lang>.traineddata`: the caller's, else TESSDATA_PREFIX, else the first that exists. */
export const tessdataDir = (explicit?: string, env: NodeJS.ProcessEnv = process.env): string | undefined => {
  if (explicit !== undefined) return explicit
  const prefix = env["TESSDATA_PREFIX"]
  if (prefix !== undefined && prefix.length > 0) return prefix
  return CANDIDATES.find((dir) => existsSync(dir))
}

/** Tesseract's language list (`eng+deu`) as its parts; each must be a plain model name. */
export const languageParts = (language: string): ReadonlyArray<string> | undefined => {
  const parts = language.split("+")
  return parts.every((part) => /^[A-Za-z][A-Za-z0-9_]*$/.test(part)) ? parts : undefined
}

/** Debian names language packages with dashes: chi_sim -> tesseract-ocr-chi-sim. */
export const debianPackageOf = (part: string): string => `tesseract-ocr-${part.toLowerCase().replace(/_/g, "-")}`

/** The Debian packages whose models are missing for `language` in `dir` (all of them when there is no dir). */
export const missingLanguagePackages = (language: string, dir: string | undefined): ReadonlyArray<string> => {
  const parts = languageParts(language) ?? []
  return parts.filter((part) => dir === undefined || !existsSync(path.join(dir, `${part}.traineddata`))).map(debianPackageOf)
}
