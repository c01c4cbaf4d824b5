import { failureEnvelope, NATIVE_CONTRACT, successEnvelope, type Envelope } from "@agent-desktop/domain"
import type { DesktopError } from "./errors/DesktopError.js"
import { toErrorBody } from "./errors/toErrorBody.js"

export { NATIVE_CONTRACT, successEnvelope, type Envelope }

/** The envelope of a failed command: the error's body (disposition, recovery) as the domain builds it. */
export const errorEnvelope = (command: string, error: DesktopError): Envelope => failureEnvelope(command, toErrorBody(error))
