/** The read's deadline (epoch ms, from ReadTreeOptions) turned into per-call timeouts. */
export class BudgetExpired extends Error {
  constructor() {
    super("read budget expired")
    this.name = "BudgetExpired"
  }
}

export class Budget {
  /** Set when the app missed a per-call timeout: it stopped answering (a longer deadline would not help). */
  private unresponsive = false
  private stopped = false

  constructor(readonly deadline: number, private readonly perCallMs: number) {}

  get expired(): boolean {
    return this.stopped || Date.now() >= this.deadline
  }

  /** The app missed a per-call timeout in this read. */
  get abandoned(): boolean {
    return this.unresponsive
  }

  /**
   * The app missed a per-call timeout: it is busy, so nothing more is queued on it in this read (what was read is
   * returned, cut nodes marked). Piling further calls onto a busy app only keeps it busy longer.
   */
  abandon(): void {
    this.unresponsive = true
    this.stopped = true
  }

  /** The deadline passed: nothing more is sent (the app itself did answer). */
  abandonQuietly(): void {
    this.stopped = true
  }

  /** Timeout for one call that answers for the whole app at once (Cache.GetItems): up to `longMs`, within the deadline. */
  bulkCallTimeout(longMs: number): number {
    const left = this.deadline - Date.now()
    if (left <= 0 || this.stopped) throw new BudgetExpired()
    return Math.min(left, Math.max(longMs, this.perCallMs))
  }

  /** Timeout for the next call; throws when nothing is left. */
  callTimeout(): number {
    const left = this.deadline - Date.now()
    if (left <= 0 || this.stopped) throw new BudgetExpired()
    return Math.min(left, this.perCallMs)
  }
}
