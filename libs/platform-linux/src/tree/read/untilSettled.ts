/**
 * Reading a window again while what was read is not the window yet: a document still loading (read/LoadingDocuments.ts)
 * and a read that a change raced.
 */
import type { ReadTreeOptions } from "@agent-desktop/platform"
import type { ReadResult } from "../RawTree.js"

/** Pause between reads of a window whose document is still loading (`ReadTreeOptions.awaitLoad`). */
const LOAD_POLL_MS = 250
/** Reads again of a window whose tree changed while it was read (children listed, then gone), at most. */
const RACED_REREADS = 1

/**
 * A read whose document is still loading is read again, within the deadline, when the caller waits for loads; the
 * last read is returned either way (at the deadline it says `loading`). A read that a change raced (a child listed
 * and gone when read) is read again too, a bounded number of times: Chromium 156 drops the old page's document
 * before the new one's stand-in is attached, and a read in that moment is a complete window with no page in it. An
 * app whose tree keeps changing costs at most that many reads more.
 */
export const untilSettled = async (read: () => Promise<ReadResult>, options: Pick<ReadTreeOptions, "awaitLoad" | "deadline">): Promise<ReadResult> => {
  let result = await read()
  let raced = 0
  const again = (current: ReadResult) =>
    current.incomplete.includes("loading") || (current.vanished ?? 0) > 0 && current.complete && raced++ < RACED_REREADS
  while (options.awaitLoad === true && again(result) && Date.now() + LOAD_POLL_MS < options.deadline) {
    if (result.incomplete.includes("loading")) await new Promise((resolve) => setTimeout(resolve, LOAD_POLL_MS))
    result = await read()
  }
  return result
}
