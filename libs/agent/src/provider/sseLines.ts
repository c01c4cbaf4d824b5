// Incremental SSE decoding as a fold: the unfinished line so far and the next decoded text in, the rest and the
// complete `data:` payloads out. Keep-alives, comments and `event:` lines are ignored.

/** The text after the last newline (a line still arriving) and the payloads of the lines this text finished. */
export type SseStep = readonly [string, ReadonlyArray<string>]

export const sseLines = (pending: string, text: string): SseStep => {
  const buffer = pending + text
  const payloads: Array<string> = []
  let start = 0
  let newline = buffer.indexOf("\n", start)
  while (newline !== -1) {
    let line = buffer.slice(start, newline)
    if (line.endsWith("\r")) line = line.slice(0, -1)
    if (line.startsWith("data:")) {
      const payload = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5)
      if (payload.length > 0) payloads.push(payload)
    }
    start = newline + 1
    newline = buffer.indexOf("\n", start)
  }
  return [buffer.slice(start), payloads]
}
