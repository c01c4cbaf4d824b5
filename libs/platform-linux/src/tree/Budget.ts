/** The read's deadline (epoch ms, from ReadTreeOptions) turned into per-call timeouts. */
export class BudgetExpired extends Error {
  constructor() {
    super("read budget expired")
    this.name = "BudgetExpired"
  }
}

export class Budget {
  constructor(readonly deadline: number, private readonly perCallMs: number) {}

  get expired(): boolean {
    return Date.now() >= this.deadline
  }

  /** Timeout for the next call; throws when nothing is left. */
  callTimeout(): number {
    const left = this.deadline - Date.now()
    if (left <= 0) throw new BudgetExpired()
    return Math.min(left, this.perCallMs)
  }
}
