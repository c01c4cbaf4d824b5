import { PlatformError } from "@agent-desktop/platform"

/** Test helper: the PlatformError a promise rejects with (anything else, or no rejection, fails the test). */
export const failure = async (promise: Promise<unknown>): Promise<PlatformError> => {
  try {
    await promise
  } catch (error) {
    if (error instanceof PlatformError) return error
    throw error
  }
  throw new Error("expected a PlatformError")
}
