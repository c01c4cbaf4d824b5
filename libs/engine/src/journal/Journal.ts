import { invocationStream, toStoreError, type EventStoreCore, type StoreError } from "@agent-desktop/store"
import type { InvocationEvent } from "../Invocation.js"

/** How long one write-ahead append waits for another process's lock before the journal keeps going in memory. */
export const WRITE_AHEAD_BUSY_MS = 2000
/** The closing flush: a few more tries with these waits, so a briefly held lock does not lose the tail. */
export const FINAL_FLUSH_BUSY_MS: ReadonlyArray<number> = [500, 1000, 1500]

const pause = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/**
 * One invocation's evidence, written ahead: every event is kept in memory (the source of truth for this process's
 * envelope) and appended to the store as it happens, so a crash, a signal or a kill -9 after an action was sent
 * leaves its `step.attempted` on disk. When the store fails, the journal stops waiting on it, remembers the first
 * failure, and `finish` tries the unwritten tail again a bounded number of times.
 */
export class Journal {
  readonly events: Array<InvocationEvent> = []
  #written = 0
  #failure: StoreError | undefined
  readonly #stream: string

  constructor(
    private readonly store: EventStoreCore,
    readonly invocationId: string,
    readonly namespace: string,
    private readonly now: () => number
  ) {
    this.#stream = invocationStream(invocationId)
  }

  /** The first store failure this invocation met, if any. */
  get failure(): StoreError | undefined {
    return this.#failure
  }

  /** Whether anything was written ahead as about to be sent (a `step.attempted`), answered or not. */
  get attempted(): boolean {
    return this.events.some((event) => event.type === "step.attempted")
  }

  /** Whether every event recorded so far is on disk. */
  get durable(): boolean {
    return this.#written === this.events.length
  }

  record(type: string, payload: Readonly<Record<string, unknown>>): void {
    this.events.push({ type, ts_ms: this.now(), payload })
    if (this.#failure === undefined) this.#flush(WRITE_AHEAD_BUSY_MS)
  }

  /**
   * Before anything is sent: the events so far (the `step.attempted` just recorded) must be on disk. Tries once more
   * when an earlier append failed; returns the failure when they still are not.
   */
  ensureDurable(): StoreError | undefined {
    return this.#flush(WRITE_AHEAD_BUSY_MS) ? undefined : this.#failure
  }

  /** Write what is left, retrying a few times; returns the store failure when the tail is still not on disk. */
  finish(): StoreError | undefined {
    if (this.#flush(0)) return undefined
    for (const wait of FINAL_FLUSH_BUSY_MS) {
      pause(50)
      if (this.#flush(wait)) return undefined
    }
    return this.#failure
  }

  #flush(busyTimeoutMs: number): boolean {
    if (this.#written === this.events.length) return true
    const tail = this.events.slice(this.#written)
    try {
      this.store.append(this.#stream, tail.map((event) => ({ type: event.type, payload: event.payload, time_ms: event.ts_ms })), {
        ...(this.namespace === "global" ? {} : { session_id: this.namespace }),
        busyTimeoutMs
      })
      this.#written += tail.length
      return true
    } catch (error) {
      this.#failure ??= toStoreError(error)
      return false
    }
  }
}
