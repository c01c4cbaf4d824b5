import type { DesktopAdapter } from "@agent-desktop/platform"
import { EventStore } from "@agent-desktop/store"
import { Layer, References } from "effect"
import { guardedAdapter } from "./GuardedAdapter.js"
import { sourcedAdapter } from "./sources/SourcedAdapter.js"

export interface EngineOptions<E, R> {
  /** The platform adapter: platform-linux's layer on Linux, UnsupportedAdapter elsewhere, a test adapter in tests. */
  readonly adapter: Layer.Layer<DesktopAdapter, E, R>
  /** Absolute state root; `$AGENT_DESKTOP_HOME` or `~/.agent-desktop` when absent. */
  readonly home?: string
  /** The process exits as soon as the layer is released (a one-shot CLI call); see the store's `exitsAfterClose`. */
  readonly exitsAfterClose?: boolean
}

/**
 * Everything `runCommand` needs, for in-process consumers such as wave and for the CLI. Logs go to stderr:
 * stdout belongs to the envelope (CLI) or the consumer's chosen output format (wave).
 */
export const EngineLive = <E, R>(options: EngineOptions<E, R>) =>
  Layer.mergeAll(
    // Every source (cdp, ocr) over the platform adapter, then every call bounded.
    guardedAdapter(sourcedAdapter(options.adapter)),
    EventStore.layer({
      ...(options.home === undefined ? {} : { home: options.home }),
      ...(options.exitsAfterClose === true ? { exitsAfterClose: true } : {})
    }),
    Layer.succeed(References.LogToStderr, true)
  )
