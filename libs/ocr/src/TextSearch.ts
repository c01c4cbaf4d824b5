/**
 * Finding text among recognised words: what `find --text` needs from OCR. A query matches a run of consecutive
 * words in one line ("Save As" spans two words), compared after normalisation (Unicode NFKC, case folded unless
 * asked otherwise, whitespace collapsed, typographic quotes and dashes made plain). OCR misreads a character
 * now and then (l/I/1, O/0, rn/m), so a caller can accept runs whose edit-distance similarity reaches a threshold;
 * exact occurrences are always found, fuzzy ones only when asked.
 */
import type { Rect } from "./OcrImage.js"
import type { Recognition } from "./Recognition.js"

export interface TextQuery {
  readonly text: string
  /** `contains` (default): the query inside a run of words; `words`: the run is exactly the query; `line`: a whole line. */
  readonly match?: "contains" | "words" | "line"
  readonly caseSensitive?: boolean
  /** 0-1; below 1 also accepts runs of words this similar to the query (1 - edit distance / longer length). Default 1. */
  readonly minSimilarity?: number
}

export interface TextMatch {
  /** The matched words as read, joined by spaces. */
  readonly text: string
  /** The union of the matched words' boxes. */
  readonly box: Rect
  readonly line: number
  /** Indices into the recognition's words. */
  readonly words: ReadonlyArray<number>
  /** 1 for an exact (normalised) match. */
  readonly similarity: number
  /** The lowest confidence among the matched words. */
  readonly confidence: number
}

const QUOTES: ReadonlyArray<[RegExp, string]> = [
  [/[\u2018\u2019\u201a\u201b\u2032]/g, "'"],
  [/[\u201c\u201d\u201e\u201f\u2033]/g, '"'],
  [/[\u2010-\u2015\u2212]/g, "-"],
  [/\u2026/g, "..."]
]

export const normalizeText = (text: string, caseSensitive = false): string => {
  let out = text.normalize("NFKC")
  for (const [pattern, plain] of QUOTES) out = out.replace(pattern, plain)
  out = out.replace(/\s+/g, " ").trim()
  return caseSensitive ? out : out.toLowerCase()
}

export const unionBox = (boxes: ReadonlyArray<Rect>): Rect => {
  const x0 = Math.min(...boxes.map((b) => b.x))
  const y0 = Math.min(...boxes.map((b) => b.y))
  const x1 = Math.max(...boxes.map((b) => b.x + b.width))
  const y1 = Math.max(...boxes.map((b) => b.y + b.height))
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
}

/** Levenshtein distance, two rows. */
export const editDistance = (a: string, b: string): number => {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.length]!
}

export const similarity = (a: string, b: string): number => {
  const longer = Math.max(a.length, b.length)
  return longer === 0 ? 1 : 1 - editDistance(a, b) / longer
}

interface Candidate {
  readonly line: number
  readonly first: number
  readonly last: number
  readonly similarity: number
}

/** Matches in reading order (line by line, left to right); no two share a word. */
export const findText = (recognition: Recognition, query: TextQuery): ReadonlyArray<TextMatch> => {
  const caseSensitive = query.caseSensitive ?? false
  const wanted = normalizeText(query.text, caseSensitive)
  if (wanted.length === 0) return []
  const mode = query.match ?? "contains"
  const threshold = Math.min(1, Math.max(0, query.minSimilarity ?? 1))
  const candidates: Array<Candidate> = []
  recognition.lines.forEach((line, lineIndex) => {
    const texts = line.words.map((w) => normalizeText(recognition.words[w]!.text, caseSensitive))
    for (let first = 0; first < texts.length; first++) {
      if (mode === "line" && first > 0) break
      let run = ""
      for (let last = first; last < texts.length; last++) {
        run = last === first ? texts[first]! : `${run} ${texts[last]}`
        if (mode === "line" && last < texts.length - 1) continue
        const score = scoreRun(run, wanted, mode, threshold)
        // The run's ends must take part in a `contains` match: a longer run around the same occurrence is not a match.
        if (score !== undefined && (mode !== "contains" || score < 1 || endsTakePart(texts, first, last, wanted))) {
          candidates.push({ line: lineIndex, first: line.words[first]!, last: line.words[last]!, similarity: score })
        }
        if (run.length > wanted.length * 2 + 8) break
      }
    }
  })
  // Best first, then the shortest run, then reading order; keep those that share no word with a better one.
  candidates.sort((a, b) => b.similarity - a.similarity || a.last - a.first - (b.last - b.first) || a.first - b.first)
  const taken = new Set<number>()
  const kept: Array<Candidate> = []
  for (const c of candidates) {
    const indices = range(c.first, c.last)
    if (indices.some((i) => taken.has(i))) continue
    indices.forEach((i) => taken.add(i))
    kept.push(c)
  }
  kept.sort((a, b) => a.first - b.first)
  return kept.map((c) => {
    const indices = range(c.first, c.last)
    const words = indices.map((i) => recognition.words[i]!)
    return {
      text: words.map((w) => w.text).join(" "),
      box: unionBox(words.map((w) => w.box)),
      line: c.line,
      words: indices,
      similarity: c.similarity,
      confidence: Math.min(...words.map((w) => w.confidence))
    }
  })
}

const range = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i)

const scoreRun = (run: string, wanted: string, mode: "contains" | "words" | "line", threshold: number): number | undefined => {
  if (mode === "contains" ? run.includes(wanted) : run === wanted) return 1
  if (threshold >= 1) return undefined
  // Fuzzy: the whole run against the query (a `contains` run may carry punctuation the query lacks: "Save:" vs "Save").
  const score = Math.max(similarity(run, wanted), mode === "contains" ? similarity(run.replace(/[^\p{L}\p{N} ]/gu, ""), wanted) : 0)
  return score >= threshold ? score : undefined
}

/** Whether the first and the last word of an exact `contains` run overlap the query's occurrence. */
const endsTakePart = (texts: ReadonlyArray<string>, first: number, last: number, wanted: string): boolean => {
  if (first === last) return true
  const withoutFirst = texts.slice(first + 1, last + 1).join(" ")
  const withoutLast = texts.slice(first, last).join(" ")
  return !withoutFirst.includes(wanted) && !withoutLast.includes(wanted)
}
