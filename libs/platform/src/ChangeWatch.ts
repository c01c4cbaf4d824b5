/**
 * Changes inside one app's windows as the app announces them (names, values, states, children), for watches that then
 * read what changed: a platform that hears them offers `DesktopAdapterShape.watchChanges`. It says only that
 * something changed, never what: the reader re-reads and compares (so a toolkit's missing or spurious events cost a
 * read, never a wrong answer).
 */
import type * as Effect from "effect/Effect"
import type { PlatformError } from "./PlatformError.js"

export interface ChangeNotice {
  /** Events that said something changed since the last notice (a storm is one notice). */
  readonly events: number
}

export interface ChangeWatch {
  /**
   * Whether the app's toolkit is known to announce its changes: when false, a watcher must also look now and then
   * (a change may come with no event).
   */
  readonly announces: boolean
  /**
   * Resolves with the events since the last call as soon as there is one, or undefined at the deadline (epoch ms), or
   * at once when the watch is no longer healthy. Only events that can change what a reader sees count: a moved
   * element (bounds), a moved caret or a changed text selection do not.
   */
  readonly next: (deadline: number) => Effect.Effect<ChangeNotice | undefined, PlatformError>
  /** False once events may have been lost (the bus closed): the caller must look itself. */
  readonly healthy: () => boolean
  readonly close: () => Effect.Effect<void>
}
