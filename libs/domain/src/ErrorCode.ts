/** The 16 error codes of contract 2.1+ (seed 003, reference §3.1). */
import { ERROR_CODES } from "@agent-desktop/contracts/vocabulary"

export { ERROR_CODES }

export type ErrorCode = (typeof ERROR_CODES)[number]

export const isErrorCode = (input: string): input is ErrorCode => (ERROR_CODES as ReadonlyArray<string>).includes(input)
