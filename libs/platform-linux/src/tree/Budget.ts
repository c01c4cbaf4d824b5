/** The read's deadline (epoch ms, from ReadTreeOptions) turned into per-call timeouts. */
export class BudgetExpired extends Error {
  constructor() {
    super("read budget expired")
    this.name = "BudgetExpired"
  }
}

export class Budget {
  private abandoned = false

  constructor(readonly deadline: number, private readonly perCallMs: number) {}

  get expired(): boolean {
    return this.abandoned || Date.now() >= this.deadline
  }

  /**
   * The app missed a per-call timeout: it is busy, so nothing more is queued on it in this read (what was read is
   * returned, cut nodes marked). Piling further calls onto a busy app only keeps it busy longer.
   */
  abandon(): void {
    this.abandoned = true
  }

  /** Timeout for one call that answers for the whole app at once (Cache.GetItems): up to `longMs`, within the deadline. */
  bulkCallTimeout(longMs: number): number {
    const left = this.deadline - Date.now()
    if (left <= 0 || this.abandoned) throw new BudgetExpired()
    return Math.min(left, Math.max(longMs, this.perCallMs))
  }

  /** Timeout for the next call; throws when nothing is left. */
  callTimeout(): number {
    const left = this.deadline - Date.now()
    if (left <= 0 || this.abandoned) throw new BudgetExpired()
    return Math.min(left, this.perCallMs)
  }
}
