/**
 * Runs at most `concurrency` tasks at once. A full walk that fires every call at once stalls the event loop for
 * hundreds of milliseconds (linux-atspi.md §5); up to 48 nodes in flight (TreeReader) kept stalls under ~20 ms.
 */
export class Limiter {
  private running = 0
  private readonly queue: Array<() => void> = []

  constructor(private readonly concurrency: number) {}

  run<A>(task: () => Promise<A>): Promise<A> {
    return new Promise<A>((resolve, reject) => {
      const start = () => {
        this.running++
        task().then(resolve, reject).finally(() => {
          this.running--
          this.queue.shift()?.()
        })
      }
      if (this.running < this.concurrency) start()
      else this.queue.push(start)
    })
  }
}
