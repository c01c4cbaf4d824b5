/**
 * Runs at most `concurrency` tasks at once. A full walk that fires every call at once stalls the event loop for
 * hundreds of milliseconds (linux-atspi.md §5); 4–16 nodes in flight keeps stalls near 30 ms or less.
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
