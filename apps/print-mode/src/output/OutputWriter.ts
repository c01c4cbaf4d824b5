// The only writer of wave's stdout. It keeps the real `write` captured before any guard is installed, respects
// backpressure (waits for 'drain' before writing more), and `flush()` resolves only when the last byte has been
// handed to the OS, so the process can exit without truncating a slow pipe (5.8; the 64 KiB truncation of peers).
// Text is coalesced for at most COALESCE_MS (or 64 KiB) into one write: a 2,000-chunk reply costs tens of
// syscalls, not 2,000, and a reader still sees every delta within a few milliseconds (never block-buffered).

const COALESCE_MS = 4

export class OutputWriter {
  private readonly write: (chunk: string, callback?: (error?: Error | null) => void) => boolean
  private readonly queue: Array<string> = []
  private waiting = false
  private broken = false
  /** Why stdout stopped taking output (EPIPE, ENOSPC), if it did: the run must not then exit 0. */
  failure: Error | undefined
  private idle: Array<() => void> = []
  private pendingText = ""
  private scheduled = false

  constructor(private readonly stream: NodeJS.WriteStream = process.stdout) {
    this.write = stream.write.bind(stream) as typeof this.write
    stream.on("error", (error: Error) => {
      // EPIPE (the reader went away) or ENOSPC (a full file): nothing more can be delivered; do not crash, and let
      // the caller turn it into a non-zero exit.
      this.failure ??= error
      this.broken = true
      this.queue.length = 0
      this.waiting = false
      this.settle()
    })
  }

  /** Queues text; returns at once. Order is preserved. */
  out(text: string): void {
    if (text.length === 0 || this.broken) return
    this.pendingText += text
    if (this.pendingText.length >= 65_536) this.emit()
    else if (!this.scheduled) {
      this.scheduled = true
      // After a quiet spell (e.g. the first line, system/init) write on the next turn; during a burst, wait
      // out the rest of the window so the burst becomes one write.
      const sinceLast = performance.now() - this.lastEmit
      if (sinceLast >= COALESCE_MS) setImmediate(this.emit)
      else setTimeout(this.emit, COALESCE_MS - sinceLast)
    }
  }

  private lastEmit = -Infinity

  private readonly emit = (): void => {
    this.scheduled = false
    this.lastEmit = performance.now()
    const text = this.pendingText
    this.pendingText = ""
    if (text.length === 0 || this.broken) return
    if (this.waiting) {
      this.queue.push(text)
      return
    }
    if (!this.write(text)) this.waitForDrain()
  }

  private waitForDrain(): void {
    this.waiting = true
    this.stream.once("drain", this.pump)
  }

  private readonly pump = (): void => {
    this.waiting = false
    while (this.queue.length > 0 && !this.broken) {
      if (!this.write(this.queue.shift()!)) {
        this.waitForDrain()
        return
      }
    }
    this.settle()
  }

  private settle(): void {
    const waiters = this.idle
    this.idle = []
    for (const resolve of waiters) resolve()
  }

  /** Resolves once everything written so far has left the process. */
  flush(): Promise<void> {
    this.emit()
    const drained = this.waiting ? new Promise<void>((resolve) => this.idle.push(resolve)) : Promise.resolve()
    return drained.then(() =>
      this.broken ? undefined : new Promise<void>((resolve) => {
        this.write("", (error) => {
          if (error) {
            this.failure ??= error
            this.broken = true
          }
          resolve()
        })
      })
    )
  }
}
