import type { AgentDesktop, ResultOf, Version } from "./AgentDesktop.js"
import type { CommandArgs, CommandName } from "./generated/commands.js"

/** The failure a recovery is followed for (the error envelope, as far as recovery reads it). */
export interface RecoverableFailure {
  readonly version: string
  readonly ok: false
  readonly command: string
  readonly error: {
    readonly code: string
    readonly message: string
    readonly disposition: { readonly delivery: string; readonly retry: string }
    readonly recovery?: { readonly strategy: string; readonly retryable: boolean; readonly requires_fresh_snapshot: boolean; readonly retry_after_ms?: number }
    readonly details?: Readonly<Record<string, unknown>>
  }
}

export interface RecoveryOptions<K extends CommandName> {
  /**
   * Called when the failure's recovery needs a fresh snapshot: take one, and return the arguments to retry with
   * (e.g. the re-found ref), or undefined to stop.
   */
  readonly refresh?: (failure: RecoverableFailure) => Promise<CommandArgs[K] | undefined>
  /** Total attempts, the first included. Default 2: one recovery. */
  readonly maxAttempts?: number
  readonly sleep?: (ms: number) => Promise<void>
}

interface RecoveryView {
  readonly ok: boolean
  readonly error?: {
    readonly disposition: { readonly retry: string }
    readonly recovery?: { readonly retryable: boolean; readonly requires_fresh_snapshot: boolean; readonly retry_after_ms?: number }
  }
}

/**
 * Runs a command and follows the recovery its failure names, the way the contract allows: only when
 * `disposition.retry` is `safe` and a `recovery` is present; waits `retry_after_ms`; asks `refresh` for new arguments
 * when a fresh snapshot is required. Returns every envelope, the last one being the answer.
 */
export const runFollowingRecovery = async <V extends Version, K extends CommandName>(
  client: AgentDesktop<V>,
  command: K,
  args: CommandArgs[K],
  options: RecoveryOptions<K> = {}
): Promise<ReadonlyArray<ResultOf<V, K>>> => {
  const attempts: Array<ResultOf<V, K>> = []
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  let current = args
  for (;;) {
    const envelope = await client.run(command, current)
    attempts.push(envelope)
    const view = envelope as RecoveryView
    const recovery = view.error?.recovery
    if (view.ok || view.error?.disposition.retry !== "safe" || recovery === undefined || !recovery.retryable) return attempts
    if (attempts.length >= (options.maxAttempts ?? 2)) return attempts
    if (recovery.retry_after_ms !== undefined) await sleep(recovery.retry_after_ms)
    if (recovery.requires_fresh_snapshot) {
      const next = await options.refresh?.(envelope as unknown as RecoverableFailure)
      if (next === undefined) return attempts
      current = next
    }
  }
}
