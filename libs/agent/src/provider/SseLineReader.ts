// Incremental SSE decoding: bytes in, `data:` payloads out. Keep-alives, comments and `event:` lines are ignored.

export class SseLineReader {
  private buffer = ""

  /** Feeds decoded text; returns the complete `data:` payloads it finished. */
  push(text: string): Array<string> {
    this.buffer += text
    const payloads: Array<string> = []
    let start = 0
    let newline = this.buffer.indexOf("\n", start)
    while (newline !== -1) {
      let line = this.buffer.slice(start, newline)
      if (line.endsWith("\r")) line = line.slice(0, -1)
      if (line.startsWith("data:")) {
        const payload = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5)
        if (payload.length > 0) payloads.push(payload)
      }
      start = newline + 1
      newline = this.buffer.indexOf("\n", start)
    }
    this.buffer = this.buffer.slice(start)
    return payloads
  }
}
