/**
 * The one place a native (newest-contract) envelope is built: `{version, ok, command, data}` on success,
 * `{version, ok, command, error}` on failure, in that key order. The engine, the CLI, wave and the MCP server all
 * build their envelopes here; older contract versions are converted from these at the edge.
 */
import { LATEST_CONTRACT_VERSION } from "@agent-desktop/contracts/vocabulary"
import { buildErrorBody } from "./buildErrorBody.js"
import type { ErrorBody, ErrorBodyInput } from "./ErrorBody.js"

/** The contract version every envelope is built in. */
export const NATIVE_CONTRACT = LATEST_CONTRACT_VERSION

export type SuccessEnvelope<D = unknown> = {
  readonly version: string
  readonly ok: true
  readonly command: string
  readonly data: D
}

export type FailureEnvelope = {
  readonly version: string
  readonly ok: false
  readonly command: string
  readonly error: ErrorBody
}

/** A native envelope: `data` on success, `error` on failure, never both. */
export type Envelope<D = unknown> = SuccessEnvelope<D> | FailureEnvelope

export const successEnvelope = <D>(command: string, data: D): SuccessEnvelope<D> => ({ version: NATIVE_CONTRACT, ok: true, command, data })

/** A failure whose error body is already built (the engine's `toErrorBody`). */
export const failureEnvelope = (command: string, error: ErrorBody): FailureEnvelope => ({ version: NATIVE_CONTRACT, ok: false, command, error })

/** A failure from an error's parts: the body (disposition, recovery, suggestion) is derived by `buildErrorBody`. */
export const errorEnvelope = (command: string, input: ErrorBodyInput): FailureEnvelope => failureEnvelope(command, buildErrorBody(input))
