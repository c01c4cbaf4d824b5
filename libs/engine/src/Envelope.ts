import type { ErrorBody } from "@agent-desktop/domain"
import { toErrorBody } from "./errors/toErrorBody.js"
import type { DesktopError } from "./errors/DesktopError.js"

export const NATIVE_CONTRACT = "2.6"

/** A 2.6 envelope: `data` on success, `error` on failure, never both. */
export type Envelope =
  | { readonly version: string; readonly ok: true; readonly command: string; readonly data: unknown }
  | { readonly version: string; readonly ok: false; readonly command: string; readonly error: ErrorBody }

export const successEnvelope = (command: string, data: unknown): Envelope => ({ version: NATIVE_CONTRACT, ok: true, command, data })

export const errorEnvelope = (command: string, error: DesktopError): Envelope => ({
  version: NATIVE_CONTRACT,
  ok: false,
  command,
  error: toErrorBody(error)
})
