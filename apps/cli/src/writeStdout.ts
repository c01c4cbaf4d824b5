/**
 * The one stdout write of a one-shot call, made on file descriptor 1 directly: `process.stdout` is a stream whose
 * first use loads Node's stream machinery (and `net` for a pipe), about a tenth of a `version` call. A blocking
 * descriptor (the usual pipe, file or terminal) takes the whole envelope in this call; a non-blocking one that is
 * full (EAGAIN) gets the rest through `process.stdout`, which waits for the reader.
 *
 * A stdout that cannot take the envelope (a reader that went away: EPIPE, Node ignores SIGPIPE; a full disk:
 * ENOSPC) is reported through `done(error)`, never as success.
 */
import * as fs from "node:fs"

export interface StdoutSink {
  readonly writeSync: (fd: number, data: Uint8Array, offset: number) => number
  /** The stream fallback for a non-blocking descriptor that is full. */
  readonly writeStream: (data: Uint8Array, done: (error?: Error | null) => void) => void
}

const processSink: StdoutSink = {
  writeSync: (fd, data, offset) => fs.writeSync(fd, data, offset),
  writeStream: (data, done) => {
    process.stdout.on("error", done)
    process.stdout.write(data, done)
  }
}

/** Writes `text` to fd 1 and calls `done` once: with no argument when all of it was written, else with the error. */
export const writeStdout = (text: string, done: (error?: Error) => void, sink: StdoutSink = processSink): void => {
  const data = Buffer.from(text, "utf8")
  let offset = 0
  try {
    while (offset < data.length) offset += sink.writeSync(1, data, offset)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EAGAIN") return done(error as Error)
    let called = false
    return sink.writeStream(data.subarray(offset), (streamError) => {
      if (called) return
      called = true
      done(streamError ?? undefined)
    })
  }
  done()
}
