/**
 * A watcher's pause between looks at its queue: it ends after `ms` (the watcher then checks its event stream's
 * health) or as soon as an event arrives and `wake()` is called, whichever comes first.
 */
export class Wakeup {
  private pending: (() => void) | undefined

  pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.settle(resolve), ms)
      this.pending = () => {
        clearTimeout(timer)
        this.settle(resolve)
      }
    })
  }

  wake(): void {
    this.pending?.()
  }

  private settle(resolve: () => void): void {
    this.pending = undefined
    resolve()
  }
}
