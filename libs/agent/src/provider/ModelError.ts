// Why a model call failed. `retryable` is decided here, once: 429/5xx (not 501; 529 "overloaded" included) and broken
// connections only, unless the server said otherwise (`x-should-retry`).
import { Data } from "effect"

export class ModelHttpError extends Data.TaggedError("ModelHttpError")<{
  readonly status: number
  readonly detail: string
  readonly retryAfterMs: number | undefined
  /** The server's `x-should-retry` header (Anthropic), which overrides the status rule. */
  readonly shouldRetry?: boolean | undefined
}> {
  get retryable(): boolean {
    return this.shouldRetry ?? (this.status === 429 || (this.status >= 500 && this.status !== 501))
  }
  override get message(): string {
    return `Model API returned HTTP ${this.status}: ${this.detail}`
  }
}

/** The connection failed or broke mid-stream. */
export class ModelNetworkError extends Data.TaggedError("ModelNetworkError")<{
  readonly detail: string
  /** The connection was never established (refused, unknown host): retried at most twice, so a wrong URL fails fast. */
  readonly connect?: boolean
}> {
  get retryable(): boolean {
    return true
  }
  override get message(): string {
    return `Model API unreachable or connection lost: ${this.detail}`
  }
}

/** The response was not a usable completion (e.g. a stream that ended without a single valid chunk). */
export class ModelProtocolError extends Data.TaggedError("ModelProtocolError")<{ readonly detail: string }> {
  get retryable(): boolean {
    return false
  }
  override get message(): string {
    return `Model API protocol error: ${this.detail}`
  }
}

export type ModelError = ModelHttpError | ModelNetworkError | ModelProtocolError
