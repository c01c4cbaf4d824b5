import { failureEnvelope, NATIVE_CONTRACT, successEnvelope, type Envelope } from "@agent-desktop/domain"
import type { DesktopError } from "./errors/DesktopError.js"
import { toErrorBody } from "./errors/toErrorBody.js"

export { NATIVE_CONTRACT, successEnvelope, type Envelope }

/**
 * A typed engine error as its command's failure envelope: the error's body (disposition, recovery) by toErrorBody,
 * in the domain's one envelope shape. (The domain's `errorEnvelope` builds one from loose parts instead.)
 */
export const toErrorEnvelope = (command: string, error: DesktopError): Envelope => failureEnvelope(command, toErrorBody(error))
