// In structured modes stdout carries JSON only. Anything else that writes to process.stdout (a library's
// console.log, a forgotten debug print) is moved to stderr, one line at a time, behind a marker (5.9).

export const STRAY_MARKER = "[wave:stdout] "

export const installStdoutGuard = (stderr: NodeJS.WriteStream = process.stderr): void => {
  let partial = ""
  const divert = (chunk: unknown, encoding?: unknown): boolean => {
    const text = typeof chunk === "string"
      ? chunk
      : Buffer.from(chunk as Uint8Array).toString(typeof encoding === "string" ? encoding as BufferEncoding : "utf8")
    partial += text
    const lines = partial.split("\n")
    partial = lines.pop() ?? ""
    for (const line of lines) stderr.write(`${STRAY_MARKER}${line}\n`)
    return true
  }
  process.stdout.write = ((chunk: unknown, encodingOrCallback?: unknown, callback?: unknown) => {
    divert(chunk, encodingOrCallback)
    const done = typeof encodingOrCallback === "function" ? encodingOrCallback : callback
    if (typeof done === "function") queueMicrotask(() => (done as () => void)())
    return true
  }) as typeof process.stdout.write
  process.on("exit", () => {
    if (partial.length > 0) stderr.write(`${STRAY_MARKER}${partial}\n`)
  })
}
